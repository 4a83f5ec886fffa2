/**
 * Throwaway data the product has no route for, through the test-only `POST /__test/fixtures`
 * (server/testing/fixtures-route.ts): registered only on a server started with E2E_OUTBOX_TOKEN, answering only
 * that secret (like the outbox read, tests/e2e/pages/mailbox.ts).
 */
import { expect, type APIRequestContext } from '@playwright/test';

/** Turns Monetize on (or off) for a workspace, e.g. a throwaway one (a new workspace has it off). */
export async function monetizeByFixture(request: APIRequestContext, workspaceId: string, on = true) {
  const token = process.env.E2E_OUTBOX_TOKEN;
  if (!token)
    throw new Error(
      'E2E_OUTBOX_TOKEN is not set: run through tests/e2e/global-setup.ts, or start the server at E2E_BASE_URL with it.',
    );
  const res = await request.post('/__test/fixtures', {
    data: { action: on ? 'monetize-on' : 'monetize-off', workspaceId },
    headers: { 'x-test-outbox-token': token },
  });
  expect(res.status(), `the test-only fixtures route turns Monetize ${on ? 'on' : 'off'}`).toBe(200);
}

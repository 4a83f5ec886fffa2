/**
 * Reads invite emails from the server's `outbox` table, where the embedded mailer (server/providers/mailer.ts) writes
 * every message. The read goes through the test-only `GET /__test/outbox` (server/testing/outbox-route.ts), which the
 * server registers only when started with E2E_OUTBOX_TOKEN (scripts/e2e-server.ts sets a fresh secret per run and
 * tests/e2e/global-setup.ts hands it to the workers); it answers only a caller sending that secret.
 */
import { expect, request as playwrightRequest } from '@playwright/test';

interface Mail {
  to_email: string;
  subject: string;
  body: string;
}

/** Every message the outbox holds for `email`, oldest first. */
export async function outboxFor(email: string): Promise<Mail[]> {
  const token = process.env.E2E_OUTBOX_TOKEN;
  if (!token)
    throw new Error(
      'E2E_OUTBOX_TOKEN is not set: run through tests/e2e/global-setup.ts, or start the server at E2E_BASE_URL with it.',
    );
  const api = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const res = await api.get('/__test/outbox', { params: { to: email }, headers: { 'x-test-outbox-token': token } });
    expect(res.status(), 'the test-only outbox read answers').toBe(200);
    return ((await res.json()) as { messages: Mail[] }).messages;
  } finally {
    await api.dispose();
  }
}

/** The most recent invite link mailed to `email` (docs/team.md §Member states: /invite/{token}), waiting for it to be written. */
export async function inviteLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const links = (await outboxFor(email.toLowerCase())).map(
          (mail) => /Accept the invitation: (\S+?\/invite\/[A-Za-z0-9_-]+)/.exec(mail.body)?.[1],
        );
        link = links.filter(Boolean).at(-1);
        return link;
      },
      { message: `an invite email to ${email} in the outbox`, timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The invite token of a link. */
export const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;

/**
 * TEST ONLY: throwaway data the product has no route for, for the end-to-end tests (tests/e2e/pages/fixtures.ts).
 * Like the outbox read (outbox-route.ts), server/main.ts registers `POST /__test/fixtures` only when the server is
 * started with E2E_OUTBOX_TOKEN (scripts/e2e-server.ts, a fresh secret per run), and it answers only a caller sending
 * that secret in `x-test-outbox-token`; anyone else, and every production server, gets the 404 of an unknown path.
 * It is not a product route (not declared with define-route, so not in the authorization matrix).
 *
 * Actions: `monetize-on` / `monetize-off` set a workspace's allowMonetize (a new workspace starts with it off and
 * only staff data has it on).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { TEST_OUTBOX_HEADER } from './outbox-route';

export const TEST_FIXTURES_PATH = '/__test/fixtures';

const ACTIONS = { 'monetize-on': 1, 'monetize-off': 0 } as const;
type Action = keyof typeof ACTIONS;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function registerTestFixtures(app: FastifyInstance, db: Kysely<Database>, token: string) {
  if (token.length < 32) throw new Error('E2E_OUTBOX_TOKEN must be a random secret of at least 32 characters');
  app.post(TEST_FIXTURES_PATH, async (req, reply) => {
    const given = req.headers[TEST_OUTBOX_HEADER];
    if (typeof given !== 'string' || !same(given, token))
      return reply.status(404).send({ success: false, message: 'Not found.', code: 'not_found' });
    const body = (req.body ?? {}) as { action?: unknown; workspaceId?: unknown };
    const { action, workspaceId } = body;
    if (typeof action !== 'string' || !Object.hasOwn(ACTIONS, action))
      return reply.status(400).send({ success: false, message: 'Unknown action.', code: 'invalid' });
    if (typeof workspaceId !== 'string' || workspaceId.length === 0 || workspaceId.length > 100)
      return reply.status(400).send({ success: false, message: 'workspaceId is required.', code: 'invalid' });
    const updated = await db
      .updateTable('workspaces')
      .set({ allow_monetize: ACTIONS[action as Action] })
      .where('id', '=', workspaceId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      return reply.status(404).send({ success: false, message: 'No such workspace.', code: 'not_found' });
    return { success: true };
  });
}

/**
 * TEST ONLY: the mail outbox read for the end-to-end tests (tests/e2e/pages/mailbox.ts). scripts/e2e-server.ts starts
 * the server with E2E_OUTBOX_TOKEN set to a fresh random secret; only then does server/main.ts register
 * `GET /__test/outbox?to=<email>`, which answers the messages the outbox mailer wrote to that address (oldest first)
 * to a caller sending the same secret in `x-test-outbox-token`. A production server never has the variable, so the
 * route does not exist there (404 like any unknown path). (The embedded PGlite data folder cannot be opened by a
 * second process while the server runs, so the tests read the table through the server.)
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const TEST_OUTBOX_PATH = '/__test/outbox';
export const TEST_OUTBOX_HEADER = 'x-test-outbox-token';

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function registerTestOutbox(app: FastifyInstance, db: Kysely<Database>, token: string) {
  if (token.length < 32) throw new Error('E2E_OUTBOX_TOKEN must be a random secret of at least 32 characters');
  app.get(TEST_OUTBOX_PATH, async (req, reply) => {
    const given = req.headers[TEST_OUTBOX_HEADER];
    if (typeof given !== 'string' || !same(given, token))
      return reply.status(404).send({ success: false, message: 'Not found.', code: 'not_found' });
    const to = (req.query as { to?: unknown }).to;
    if (typeof to !== 'string' || to.length === 0 || to.length > 254)
      return reply.status(400).send({ success: false, message: 'to is required.', code: 'invalid' });
    const messages = await db
      .selectFrom('outbox')
      .select(['to_email', 'subject', 'body'])
      .where('to_email', '=', to.toLowerCase())
      .orderBy('id', 'asc')
      .execute();
    return { messages };
  });
}

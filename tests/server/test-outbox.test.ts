/**
 * The e2e tests' outbox read (server/testing/outbox-route.ts) exists only where a test server asks for it: the app
 * every production start builds has no such route, and even when registered it answers only the secret it was given.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestOutbox } from '../../server/testing/outbox-route';
import { call, createTestServer, signInAs, type TestServer } from './helpers';

const TOKEN = 'a-test-secret-of-more-than-32-characters';

describe('test-only outbox read', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('is not part of the app buildApp makes (production): 404, with or without a secret', async () => {
    for (const headers of [{}, { 'x-test-outbox-token': TOKEN }]) {
      const res = await server.app.inject({ method: 'GET', url: '/__test/outbox?to=someone@example.com', headers });
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers the outbox rows of one address, only to the caller holding the secret', async () => {
    const admin = await signInAs(server.app, 'admin@demostudio.dev');
    const invited = await call(server.app, admin, {
      method: 'POST',
      url: '/api/workspace/demo-studio/team/invite',
      payload: { email: 'Outbox.Reader@Example.com', role: 'viewer' },
    });
    expect(invited.statusCode).toBe(200);

    const app = Fastify();
    registerTestOutbox(app, server.db, TOKEN);
    await app.ready();
    try {
      const url = '/__test/outbox?to=outbox.reader@example.com';
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url, headers: { 'x-test-outbox-token': `${TOKEN}x` } })).statusCode,
      ).toBe(404);
      const res = await app.inject({ method: 'GET', url, headers: { 'x-test-outbox-token': TOKEN } });
      expect(res.statusCode).toBe(200);
      const { messages } = res.json() as { messages: { to_email: string; body: string }[] };
      expect(messages).toHaveLength(1);
      expect(messages[0]!.to_email).toBe('outbox.reader@example.com');
      expect(messages[0]!.body).toMatch(/Accept the invitation: \S+\/invite\/[A-Za-z0-9_-]+/);
    } finally {
      await app.close();
    }
    expect(() => registerTestOutbox(Fastify(), server.db, 'short')).toThrow(/at least 32/);
  });
});

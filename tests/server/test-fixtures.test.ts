/**
 * The e2e tests' fixtures route (server/testing/fixtures-route.ts) exists only where a test server asks for it: the
 * app every production start builds has no such route, and even when registered it answers only the secret it was
 * given. With it, a throwaway workspace gets Monetize on, and its Monetize calls are then allowed.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestFixtures } from '../../server/testing/fixtures-route';
import { createTestServer, type TestServer } from './helpers';

const TOKEN = 'a-test-secret-of-more-than-32-characters';

describe('test-only fixtures', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(() => server.close());

  it('is not part of the app buildApp makes (production): 404, with or without a secret', async () => {
    for (const headers of [{}, { 'x-test-outbox-token': TOKEN }]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/__test/fixtures',
        headers,
        payload: { action: 'monetize-on', workspaceId: 'demo-studio' },
      });
      expect(res.statusCode).toBe(404);
    }
  });

  it("turns a workspace's Monetize on and off, only for the caller holding the secret", async () => {
    const workspaceId = 'fixture-studio';
    await server.db
      .insertInto('workspaces')
      .values({
        id: workspaceId,
        name: 'Fixture Studio',
        website: 'https://fixture.example.com',
        icon_file_id: null,
        allow_monetize: 0,
      })
      .execute();
    const allowMonetize = async () =>
      (
        await server.db
          .selectFrom('workspaces')
          .select('allow_monetize')
          .where('id', '=', workspaceId)
          .executeTakeFirstOrThrow()
      ).allow_monetize;
    expect(await allowMonetize()).toBe(0);

    const app = Fastify();
    registerTestFixtures(app, server.db, TOKEN);
    await app.ready();
    try {
      const post = (payload: unknown, token?: string) =>
        app.inject({
          method: 'POST',
          url: '/__test/fixtures',
          payload: payload as object,
          headers: token ? { 'x-test-outbox-token': token } : {},
        });
      expect((await post({ action: 'monetize-on', workspaceId })).statusCode).toBe(404);
      expect((await post({ action: 'monetize-on', workspaceId }, `${TOKEN}x`)).statusCode).toBe(404);
      expect(await allowMonetize()).toBe(0);

      expect((await post({ action: 'monetize-on', workspaceId }, TOKEN)).statusCode).toBe(200);
      expect(await allowMonetize()).toBe(1);
      expect((await post({ action: 'monetize-off', workspaceId }, TOKEN)).statusCode).toBe(200);
      expect(await allowMonetize()).toBe(0);

      expect((await post({ action: 'drop-tables', workspaceId }, TOKEN)).statusCode).toBe(400);
      expect((await post({ action: 'monetize-on' }, TOKEN)).statusCode).toBe(400);
      expect((await post({ action: 'monetize-on', workspaceId: 'no-such-workspace' }, TOKEN)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
    expect(() => registerTestFixtures(Fastify(), server.db, 'short')).toThrow(/at least 32/);
  });
});

/**
 * docs/postbacks.md, speed: postbacks nobody listens for are written in groups (server/areas/postbacks/writer.ts). A burst becomes a
 * few multi-row INSERTs; each key is stored once even when repeated inside one group; a row that fails fails alone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'kysely';
import { DEMO_APP_IDS } from '../../server/demo/seed';
import { postbackWriter, type PostbackRow } from '../../server/areas/postbacks/writer';
import { createTestServer, type TestServer } from './helpers';

const APP: string = DEMO_APP_IDS.dragonMergeIos;
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

const row = (key: string, eventName = 'level_complete'): PostbackRow => ({
  app_id: APP,
  source: 'appsflyer',
  idempotency_key: key,
  event_name: eventName,
  value: null,
  revenue: null,
  currency: null,
  advertising_id: null,
  sub1: null,
  sub2: null,
  sub3: null,
  sub4: null,
  sub5: null,
  install_time: null,
  event_time: null,
  received_at: new Date('2026-11-25T10:00:00Z'),
});
const stored = async (prefix: string) =>
  (
    await server.db
      .selectFrom('postbacks')
      .select('idempotency_key')
      .where('app_id', '=', APP)
      .where('idempotency_key', 'like', `${prefix}%`)
      .execute()
  )
    .map((r) => r.idempotency_key)
    .sort();

describe('the postback writer', () => {
  test('a burst is a few statements; a key repeated in one group is stored once and answered duplicate after the first', async () => {
    const writer = postbackWriter(server.db);
    const before = writer.stats();
    const keys = Array.from({ length: 30 }, (_, i) => `burst-${String(i).padStart(2, '0')}`);
    // burst-07 three times, burst-20 twice: later copies queue in the same group as their first.
    const sent = [...keys.slice(0, 10), 'burst-07', ...keys.slice(10, 25), 'burst-20', 'burst-07', ...keys.slice(25)];
    const ids = await Promise.all(sent.map((key) => writer.write(row(key))));
    const after = writer.stats();
    expect(after.rows - before.rows).toBe(30);
    expect(after.statements - before.statements).toBeLessThanOrEqual(4);
    const outcomes = sent.map((key, i) => `${key}:${ids[i] === null ? 'duplicate' : 'stored'}`);
    expect(outcomes.filter((o) => o.endsWith(':stored'))).toHaveLength(30);
    expect(outcomes.filter((o) => o.startsWith('burst-07'))).toEqual([
      'burst-07:stored',
      'burst-07:duplicate',
      'burst-07:duplicate',
    ]);
    expect(outcomes.filter((o) => o.startsWith('burst-20'))).toEqual(['burst-20:stored', 'burst-20:duplicate']);
    expect(await stored('burst-')).toEqual(keys);
    // Sent again later: every one a duplicate, nothing new stored.
    expect(await Promise.all(keys.map((key) => writer.write(row(key))))).toEqual(keys.map(() => null));
    expect(await stored('burst-')).toEqual(keys);
  });

  test('the duplicates of a group are logged with it (one more statement), with their reason code', async () => {
    const writer = postbackWriter(server.db);
    await writer.write({ ...row('dup-log-00'), advertising_id: 'DUPLOG-DEVICE-000000000001' });
    const before = writer.stats();
    const sent = Array.from({ length: 20 }, (_, i) => ({
      ...row(i % 4 === 0 ? 'dup-log-00' : `dup-log-${String(i).padStart(2, '0')}`),
      advertising_id: 'DUPLOG-DEVICE-000000000001',
    }));
    const ids = await Promise.all(sent.map((r) => writer.write(r)));
    expect(ids.filter((id) => id === null)).toHaveLength(5);
    const after = writer.stats();
    expect(after.logStatements - before.logStatements).toBeLessThanOrEqual(after.statements - before.statements);
    const logged = await server.db
      .selectFrom('postback_log')
      .select(['outcome', 'reason_code', 'reason', 'advertising_id'])
      .where('app_id', '=', APP)
      .where('advertising_id', '=', 'DUPLOG-DEVICE-000000000001')
      .execute();
    expect(logged).toEqual(
      Array.from({ length: 5 }, () => ({
        outcome: 'duplicate',
        reason_code: 'already_received',
        reason: 'already received',
        advertising_id: 'DUPLOG-DEVICE-000000000001',
      })),
    );
  });

  test('a row the database refuses fails alone; the rest of its group is stored', async () => {
    await sql`ALTER TABLE postbacks ADD CONSTRAINT test_refuses_boom CHECK (event_name <> 'boom')`.execute(server.db);
    try {
      const writer = postbackWriter(server.db);
      const keys = Array.from({ length: 12 }, (_, i) => `group-${String(i).padStart(2, '0')}`);
      const results = await Promise.allSettled(
        keys.map((key, i) => writer.write(row(key, i === 6 ? 'boom' : 'level_complete'))),
      );
      expect(results.map((r) => r.status)).toEqual(keys.map((_, i) => (i === 6 ? 'rejected' : 'fulfilled')));
      expect(String((results[6] as PromiseRejectedResult).reason)).toMatch(/test_refuses_boom/);
      expect(await stored('group-')).toEqual(keys.filter((_, i) => i !== 6));
    } finally {
      await sql`ALTER TABLE postbacks DROP CONSTRAINT test_refuses_boom`.execute(server.db);
    }
  });
});

/**
 * The activity log's API (docs/activity.md): real changes made through the API appear with who, what and the fields
 * before → after; filters are bound values (unknown verbs and areas answered 400 with the accepted list, bad dates
 * 400); pages of 50 walk with a cursor; billing entries reach admins only; another workspace gets 404; old entries
 * are pruned once a day by a job.
 */
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ActivityTable } from '../../server/areas/activity/schema';
import { inTransaction, type ServerContext } from '../../server/context';
import { emit } from '../../server/events/outbox';
import { drainJobs } from '../../server/jobs/queue';
import { activityJobs, scheduleActivityPruning } from '../../server/areas/activity/index';
import {
  ACTIVITY_PAGE_SIZE,
  QUESTBOARD_PERSON,
  type ActivityEntry,
  type ActivityPage,
} from '../../src/contracts/activity';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID, RIVAL_WORKSPACE_ID } from '../../server/demo/ids';
import { ACQUIRE_DEMO_APP, ACQUIRE_DEMO_QUESTS } from '../../server/areas/acquire/seed';
import { call, createTestServer, signInDemo, type TestServer } from './helpers';

const W = DEMO_WORKSPACE_ID;
let now = new Date('2026-11-26T10:00:00Z');
let server: TestServer;
let ctx: ServerContext;
let tokens: Record<'admin' | 'editor' | 'viewer' | 'rival', string>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer({ now: () => now });
  ctx = server.app.questboard;
  tokens = await signInDemo(server.app, ['admin', 'editor', 'viewer', 'rival']);
  for (const who of ['admin', 'editor', 'viewer'] as const) {
    ids[who] = (
      await server.db
        .selectFrom('accounts')
        .select('id')
        .where('email', '=', DEMO_ACCOUNTS[who])
        .executeTakeFirstOrThrow()
    ).id;
  }
});
afterAll(() => server?.close());

const list = async (token: string, query: Record<string, string> = {}, workspaceId = W) => {
  const res = await call(server.app, token, { method: 'GET', url: `/api/workspace/${workspaceId}/activity`, query });
  return { status: res.statusCode, body: res.json() as ActivityPage & { message?: string } };
};
const verbs = (entries: readonly ActivityEntry[]) => entries.map((e) => e.verb);

type RawEntry = Insertable<ActivityTable>;
/** Entries written as the writer would (the row and its name), for times and verbs no API call makes. */
async function insertEntries(rows: RawEntry[]) {
  await server.db.insertInto('activity').values(rows).execute();
  await server.db
    .insertInto('activity_names')
    .values(rows.map((r) => ({ workspace_id: W, name: r.object_name })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

describe('changes made through the API', () => {
  beforeAll(async () => {
    now = new Date('2026-11-26T10:00:00Z');
    let res = await call(server.app, tokens.admin, {
      method: 'POST',
      url: `/api/workspace/${W}/team/role`,
      payload: { accountId: ids.viewer, role: 'editor' },
    });
    expect(res.statusCode).toBe(200);
    res = await call(server.app, tokens.admin, {
      method: 'POST',
      url: `/api/workspace/${W}/team/role`,
      payload: { accountId: ids.viewer, role: 'viewer' },
    });
    expect(res.statusCode).toBe(200);
    now = new Date('2026-11-26T11:00:00Z');
    res = await call(server.app, tokens.editor, {
      method: 'POST',
      url: `/api/workspace/${W}/team/invite`,
      payload: { email: 'Zed.Artist@demostudio.dev', role: 'viewer' },
    });
    expect(res.statusCode).toBe(200);
    now = new Date('2026-11-27T09:00:00Z');
    res = await call(server.app, tokens.editor, {
      method: 'POST',
      url: `/api/app/${ACQUIRE_DEMO_APP}/acquire/quests/${ACQUIRE_DEMO_QUESTS.live}/stop`,
    });
    expect(res.statusCode).toBe(200);
  });

  test('each is one entry, newest first, with who and the fields before → after', async () => {
    const { status, body } = await list(tokens.viewer);
    expect(status).toBe(200);
    const mine = body.entries.filter((e) =>
      ['member.role_changed', 'member.invited', 'quest.stopped'].includes(e.verb),
    );
    expect(verbs(mine)).toEqual(['quest.stopped', 'member.invited', 'member.role_changed', 'member.role_changed']);
    const [stopped, invited, back, promoted] = mine as [ActivityEntry, ActivityEntry, ActivityEntry, ActivityEntry];
    expect(promoted.actor).toEqual({ accountId: ids.admin, name: expect.any(String) });
    expect(promoted.object).toMatchObject({ type: 'member', id: ids.viewer, name: DEMO_ACCOUNTS.viewer });
    expect(promoted.changes).toEqual([{ field: 'role', before: 'viewer', after: 'editor' }]);
    expect(back.changes).toEqual([{ field: 'role', before: 'editor', after: 'viewer' }]);
    expect(invited.actor.accountId).toBe(ids.editor);
    expect(invited.changes).toEqual([
      { field: 'email', before: null, after: 'zed.artist@demostudio.dev' },
      { field: 'role', before: null, after: 'viewer' },
    ]);
    expect(stopped).toMatchObject({
      area: 'acquire',
      appId: ACQUIRE_DEMO_APP,
      object: { type: 'quest', id: ACQUIRE_DEMO_QUESTS.live },
    });
    expect(stopped.changes).toEqual([{ field: 'status', before: 'LIVE', after: 'STOPPED' }]);
    expect(stopped.at).toBe('2026-11-27T09:00:00.000Z');
  });

  test('filters: verb, area, person, app, text, date range, one object', async () => {
    expect(verbs((await list(tokens.admin, { verb: 'member.invited' })).body.entries)).toEqual(['member.invited']);
    expect(new Set(verbs((await list(tokens.admin, { area: 'team' })).body.entries))).toEqual(
      new Set(['member.invited', 'member.role_changed']),
    );
    expect(verbs((await list(tokens.admin, { person: ids.editor! })).body.entries)).toEqual([
      'quest.stopped',
      'member.invited',
    ]);
    expect(verbs((await list(tokens.admin, { app: ACQUIRE_DEMO_APP })).body.entries)).toEqual(['quest.stopped']);
    expect(verbs((await list(tokens.admin, { q: 'ZED.art' })).body.entries)).toEqual(['member.invited']);
    expect(verbs((await list(tokens.admin, { from: '2026-11-27', to: '2026-11-27' })).body.entries)).toEqual([
      'quest.stopped',
    ]);
    expect(verbs((await list(tokens.admin, { to: '2026-11-26', area: 'team' })).body.entries)).toHaveLength(3);
    expect(verbs((await list(tokens.admin, { objectType: 'member', objectId: ids.viewer! })).body.entries)).toEqual([
      'member.role_changed',
      'member.role_changed',
    ]);
    expect((await list(tokens.admin, { person: QUESTBOARD_PERSON, area: 'team' })).body.entries).toEqual([]);
  });

  test("every verb but one (a quest's History without its step completions)", async () => {
    const member = { objectType: 'member', objectId: ids.viewer! };
    expect(verbs((await list(tokens.admin, { ...member, exceptVerb: 'member.role_changed' })).body.entries)).toEqual(
      [],
    );
    expect(verbs((await list(tokens.admin, { area: 'team', exceptVerb: 'member.role_changed' })).body.entries)).toEqual(
      ['member.invited'],
    );
    expect((await list(tokens.admin, { exceptVerb: 'member.nothing' })).status).toBe(400);
  });

  test('routine=hide leaves out the routine entries (postbacks, quest steps, charges) unless an action names one', async () => {
    await insertEntries(
      (['postback.stored', 'quest.step_completed', 'charge.recorded'] as const).map((verb) => ({
        workspace_id: W,
        app_id: null,
        at: new Date(),
        actor_id: null,
        actor_name: 'Questboard',
        area: verb === 'charge.recorded' ? 'billing' : verb === 'postback.stored' ? 'postbacks' : 'acquire',
        verb,
        object_type: 'routine',
        object_id: `routine-${verb}`,
        object_name: `routine ${verb}`,
        changes: JSON.stringify([]),
        event_id: null,
      })),
    );
    const routine = { q: 'routine' };
    expect(verbs((await list(tokens.admin, routine)).body.entries).sort()).toEqual([
      'charge.recorded',
      'postback.stored',
      'quest.step_completed',
    ]);
    expect(verbs((await list(tokens.admin, { ...routine, routine: 'hide' })).body.entries)).toEqual([]);
    expect(
      verbs((await list(tokens.admin, { ...routine, routine: 'hide', verb: 'postback.stored' })).body.entries),
    ).toEqual(['postback.stored']);
    expect((await list(tokens.admin, { routine: 'show' })).status).toBe(400);
    await server.db.deleteFrom('activity').where('object_type', '=', 'routine').execute();
  });

  test('the export answers every matching entry at once', async () => {
    const res = await call(server.app, tokens.viewer, {
      method: 'GET',
      url: `/api/workspace/${W}/activity/export`,
      query: { area: 'team' },
    });
    expect(res.statusCode).toBe(200);
    expect(verbs((res.json() as ActivityPage).entries)).toEqual([
      'member.invited',
      'member.role_changed',
      'member.role_changed',
    ]);
  });
});

describe('bad input', () => {
  test('an unknown verb or area is answered 400 naming the accepted ones', async () => {
    const verb = await list(tokens.admin, { verb: 'quest.exploded' });
    expect(verb.status).toBe(400);
    expect(verb.body.message).toContain('verb');
    expect(verb.body.message).toContain('member.role_changed');
    const area = await list(tokens.admin, { area: 'kitchen' });
    expect(area.status).toBe(400);
    expect(area.body.message).toContain('billing');
  });

  test('dates must be real days, in order; a cursor must be one the list gave', async () => {
    expect((await list(tokens.admin, { from: '2026-02-30' })).status).toBe(400);
    expect((await list(tokens.admin, { from: "2026-01-01' OR 1=1" })).status).toBe(400);
    expect((await list(tokens.admin, { from: '2026-11-27', to: '2026-11-26' })).status).toBe(400);
    expect((await list(tokens.admin, { cursor: 'bm90LWEtY3Vyc29y' })).status).toBe(400);
  });

  test('text search is a bound value, not SQL', async () => {
    const { status, body } = await list(tokens.admin, { q: "%' OR '1'='1" });
    expect(status).toBe(200);
    expect(body.entries).toEqual([]);
  });
});

describe('who sees what', () => {
  beforeAll(async () => {
    await inTransaction({ ...ctx, actor: ids.admin }, (tx) =>
      emit(tx, 'payment_method.added', {
        workspaceId: W,
        paymentMethodId: 'pm-test',
        description: 'visa •••• 4242',
        changes: [{ field: 'method', before: null, after: 'visa •••• 4242' }],
      }),
    );
  });

  test('billing entries reach admins only', async () => {
    expect(verbs((await list(tokens.admin, { area: 'billing' })).body.entries)).toContain('payment_method.added');
    expect((await list(tokens.editor, { area: 'billing' })).body.entries).toEqual([]);
    expect(verbs((await list(tokens.viewer)).body.entries)).not.toContain('payment_method.added');
    const exported = await call(server.app, tokens.editor, {
      method: 'GET',
      url: `/api/workspace/${W}/activity/export`,
    });
    expect(verbs((exported.json() as ActivityPage).entries)).not.toContain('payment_method.added');
  });

  test('another workspace’s log is not found, and its own holds nothing of ours', async () => {
    expect((await list(tokens.rival)).status).toBe(404);
    const own = await list(tokens.rival, {}, RIVAL_WORKSPACE_ID);
    expect(own.status).toBe(200);
    expect(own.body.entries.every((e) => e.object.name !== DEMO_ACCOUNTS.viewer)).toBe(true);
  });
});

describe('pages', () => {
  test('50 at a time, newest first, without gaps or repeats, until the cursor runs out', async () => {
    await inTransaction({ ...ctx, actor: ids.admin }, async (tx) => {
      for (let i = 0; i < 120; i++) {
        await emit(tx, 'api_key.created', {
          workspaceId: W,
          appId: ACQUIRE_DEMO_APP,
          keyId: `page-${i}`,
          label: `page key ${i}`,
          changes: [{ field: 'status', before: null, after: 'active' }],
        });
      }
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body }: { status: number; body: ActivityPage } = await list(tokens.admin, {
        verb: 'api_key.created',
        q: 'page key',
        ...(cursor ? { cursor } : {}),
      });
      expect(status).toBe(200);
      expect(body.entries.length).toBeLessThanOrEqual(ACTIVITY_PAGE_SIZE);
      seen.push(...body.entries.map((e) => e.object.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    // Same timestamp for all (one transaction): the id breaks the tie, newest first.
    expect(seen[0]).toBe('page-119');
    expect(seen[119]).toBe('page-0');
  });

  test('the name search finds a rare name under many newer entries, and pages a common text by cursor', async () => {
    const key = (tx: ServerContext, label: string) =>
      emit(tx, 'api_key.created', {
        workspaceId: W,
        appId: ACQUIRE_DEMO_APP,
        keyId: label.replace(/ /g, '-'),
        label,
        changes: [{ field: 'status', before: null, after: 'active' }],
      });
    await inTransaction({ ...ctx, actor: ids.admin }, async (tx) => {
      await key(tx, 'needle key');
      // More distinct names than the search looks up one by one: this text is walked over the newest entries.
      for (let i = 0; i < 260; i++) await key(tx, `hay key ${i}`);
    });
    const needle = await list(tokens.viewer, { q: 'NEEDLE' });
    expect(needle.body.entries.map((e) => e.object.name)).toEqual(['needle key']);
    expect(needle.body.nextCursor).toBeNull();
    expect((await list(tokens.viewer, { q: 'needle', area: 'team' })).body.entries).toEqual([]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const { body }: { body: ActivityPage } = await list(tokens.viewer, {
        q: 'hay key',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...body.entries.map((e) => e.object.name));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(260);
    expect(seen[0]).toBe('hay key 259');
    expect(seen[259]).toBe('hay key 0');
    // A text that is part of a handful of names: each name's entries, merged newest first.
    expect((await list(tokens.viewer, { q: 'hay key 25' })).body.entries.map((e) => e.object.name)).toEqual([
      'hay key 259',
      'hay key 258',
      'hay key 257',
      'hay key 256',
      'hay key 255',
      'hay key 254',
      'hay key 253',
      'hay key 252',
      'hay key 251',
      'hay key 250',
      'hay key 25',
    ]);
  });
});

describe('retention', () => {
  test('a daily job removes entries older than ACTIVITY_DAYS, once a day', async () => {
    now = new Date('2026-11-27T12:00:00Z');
    await insertEntries([
      {
        workspace_id: W,
        app_id: null,
        at: new Date(now.getTime() - 401 * 86_400_000),
        actor_id: null,
        actor_name: 'Questboard',
        area: 'team',
        verb: 'member.invited',
        object_type: 'member',
        object_id: 'ancient',
        object_name: 'ancient@demostudio.dev',
        changes: JSON.stringify([{ field: 'role', before: null, after: 'viewer' }]),
        event_id: null,
      },
      {
        workspace_id: W,
        app_id: null,
        at: new Date(now.getTime() - 399 * 86_400_000),
        actor_id: null,
        actor_name: 'Questboard',
        area: 'team',
        verb: 'member.invited',
        object_type: 'member',
        object_id: 'old-but-kept',
        object_name: 'kept@demostudio.dev',
        changes: JSON.stringify([{ field: 'role', before: null, after: 'viewer' }]),
        event_id: null,
      },
    ]);
    const first = await scheduleActivityPruning(ctx);
    expect(first).toHaveLength(1);
    expect(await scheduleActivityPruning(ctx)).toEqual([]);
    await drainJobs(ctx, activityJobs);
    const left = await server.db
      .selectFrom('activity')
      .select('object_id')
      .where('object_id', 'in', ['ancient', 'old-but-kept'])
      .execute();
    expect(left.map((r) => r.object_id)).toEqual(['old-but-kept']);
    // The pruned entry's name leaves the search's list of names with it.
    const names = await server.db
      .selectFrom('activity_names')
      .select('name')
      .where('name', 'in', ['ancient@demostudio.dev', 'kept@demostudio.dev'])
      .execute();
    expect(names.map((r) => r.name)).toEqual(['kept@demostudio.dev']);
    const job = await server.db
      .selectFrom('jobs')
      .select(['status', 'result'])
      .where('id', '=', first[0]!)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('succeeded');
    expect(job.result).toContain('1 activity entry');
  });
});

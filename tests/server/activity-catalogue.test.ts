/**
 * The activity log covers the whole event catalogue (docs/activity.md §What a row holds): every event of
 * src/contracts/domain-events.ts, emitted in a transaction, writes exactly one activity row with a non-empty
 * before → after, the right area, object and actor, and no secret. A new event without a fixture here, or whose
 * description writes no row or no change, fails this file. And a change cannot commit without its row.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { isRight, type Either } from 'fp-ts/Either';
import { inTransaction, type ServerContext } from '../../server/context';
import { emit } from '../../server/events/outbox';
import {
  DOMAIN_EVENTS,
  DOMAIN_EVENT_NAMES,
  type DomainEventName,
  type DomainEventPayload,
} from '../../src/contracts/domain-events';
import { MASKED } from '../../src/contracts/secrets';
import { QUESTBOARD_ACTOR } from '../../src/contracts/activity';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/demo/ids';
import { call, createTestServer, signInDemo, type TestServer } from './helpers';

const W = DEMO_WORKSPACE_ID;
const A = DEMO_APP_IDS.dragonMergeAndroid;
const account = { workspaceId: W, accountId: 'acc-1', email: 'x@demostudio.dev' };
const quest = { workspaceId: W, appId: A, questId: 'q-cat', questName: 'Catalogue quest' };

/** One realistic payload per event of the catalogue (typed: a new event without one here does not compile). */
const FIXTURES: { [N in DomainEventName]: DomainEventPayload<N> } = {
  'quest.step_completed': {
    ...quest,
    playerId: 'p1',
    stepIndex: 0,
    eventName: 'level_5',
    payoutCents: 150,
    chargeId: 'c1',
    completedAt: '2026-11-26T10:00:00Z',
  },
  'quest.published': quest,
  'quest.capped': { ...quest, day: '2026-11-26' },
  'quest.completion_held': {
    ...quest,
    holdId: '1',
    playerId: 'p1',
    stepIndex: 0,
    eventName: 'level_5',
    payoutCents: 150,
    reason: 'too_fast',
  },
  'quest.completion_released': {
    ...quest,
    holdId: '1',
    playerId: 'p1',
    stepIndex: 0,
    payoutCents: 150,
    reason: 'too_fast',
    chargeId: 'c1',
  },
  'quest.completion_rejected': {
    ...quest,
    holdId: '2',
    playerId: 'p2',
    stepIndex: 0,
    payoutCents: 150,
    reason: 'shared_device',
    chargeId: null,
  },
  'quest.holds_burst': { workspaceId: W, appId: A, hour: '2026-11-26T10:00:00.000Z', holds: 10 },
  'quest.cap_near': {
    ...quest,
    day: '2026-11-26',
    spentCents: 1200,
    capCents: 4000,
    projectedAt: '2026-11-26T14:30:00.000Z',
  },
  'target.budget_fast': {
    workspaceId: W,
    appId: A,
    day: '2026-11-26',
    spentCents: 9000,
    budgetCents: 15000,
    runsOutAt: '2026-11-26T16:10:00.000Z',
  },
  'target.kpi_below': {
    workspaceId: W,
    appId: A,
    kpi: 'roas_d7',
    value: 3.2,
    target: 5,
    period: '2026-11-16',
    maturePlayers: 12,
  },
  'balance.ran_low': { workspaceId: W, runwayDays: 5, dailySpendCents: 4200 },
  'charge.recorded': {
    workspaceId: W,
    chargeId: 'c1',
    amountCents: 150,
    source: 'quest',
    description: 'Catalogue quest step 1',
  },
  'postback.stored': {
    appId: A,
    source: 'appsflyer',
    postbackId: '1',
    eventName: 'purchase',
    value: null,
    revenue: 4.99,
    currency: 'USD',
    sub1: 'p1',
    sub2: null,
    sub3: 'q-cat',
    sub4: null,
    sub5: null,
    receivedAt: '2026-11-26T10:00:00Z',
  },
  'quest.draft_saved': { ...quest, changes: [{ field: 'dailyCap', before: 100, after: 150 }] },
  'quest.stopped': { ...quest, changes: [{ field: 'status', before: 'LIVE', after: 'STOPPED' }] },
  'quest.restarted': { ...quest, changes: [{ field: 'status', before: 'STOPPED', after: 'LIVE' }] },
  'target.changed': { workspaceId: W, appId: A, changes: [{ field: 'dailyBudget', before: 100, after: 250 }] },
  'plugin.connected': {
    workspaceId: W,
    appId: A,
    pluginId: 'pl-1',
    pluginType: 'BigQuery',
    changes: [{ field: 'status', before: 'disconnected', after: 'connected' }],
  },
  'app.version_seen': { workspaceId: W, appId: A, version: '1.4.0', firstSeenAt: '2026-11-20T03:10:00.000Z' },
  'payment_method.made_default': {
    workspaceId: W,
    paymentMethodId: 'pm-1',
    description: 'visa •••• 4242',
    changes: [{ field: 'default method', before: 'mastercard •••• 4444', after: 'visa •••• 4242' }],
  },
  'promo_code.redeemed': {
    workspaceId: W,
    creditId: 'ct-1',
    code: 'QUEST50',
    changes: [{ field: 'credit', before: null, after: '$50.00' }],
  },
  'deep_link.updated': {
    workspaceId: W,
    appId: A,
    deeplinkId: 'dl-1',
    label: 'AppLink (android)',
    changes: [{ field: 'url', before: 'https://a.example/x', after: 'https://a.example/y' }],
  },
  'workspace.created': {
    workspaceId: W,
    workspaceName: 'Demo Studio',
    changes: [{ field: 'name', before: null, after: 'Demo Studio' }],
  },
  'webhook.created': {
    workspaceId: W,
    webhookId: 'wh-1',
    host: 'hooks.example.com',
    changes: [{ field: 'url', before: null, after: 'https://hooks.example.com/…' }],
  },
  'webhook.changed': {
    workspaceId: W,
    webhookId: 'wh-1',
    host: 'hooks.example.com',
    changes: [{ field: 'enabled', before: true, after: false }],
  },
  'webhook.deleted': {
    workspaceId: W,
    webhookId: 'wh-1',
    host: 'hooks.example.com',
    changes: [{ field: 'url', before: 'https://hooks.example.com/…', after: null }],
  },
  'plugin.disconnected': {
    workspaceId: W,
    appId: A,
    pluginId: 'pl-1',
    pluginType: 'BigQuery',
    changes: [{ field: 'status', before: 'connected', after: 'disconnected' }],
  },
  'member.invited': {
    workspaceId: W,
    memberId: 'invite:1',
    email: 'new@demostudio.dev',
    changes: [{ field: 'role', before: null, after: 'editor' }],
  },
  'member.role_changed': {
    workspaceId: W,
    memberId: 'acc-1',
    email: 'x@demostudio.dev',
    changes: [{ field: 'role', before: 'viewer', after: 'editor' }],
  },
  'member.removed': {
    workspaceId: W,
    memberId: 'acc-1',
    email: 'x@demostudio.dev',
    changes: [{ field: 'role', before: 'editor', after: null }],
  },
  'member.joined': {
    workspaceId: W,
    memberId: 'acc-2',
    email: 'joined@demostudio.dev',
    name: 'Joan Joined',
    changes: [{ field: 'role', before: null, after: 'editor' }],
  },
  'report.saved': {
    workspaceId: W,
    appId: A,
    reportId: 'r-1',
    title: 'Retention',
    changes: [{ field: 'title', before: null, after: 'Retention' }],
  },
  'report.deleted': {
    workspaceId: W,
    appId: A,
    reportId: 'r-1',
    title: 'Retention',
    changes: [{ field: 'title', before: 'Retention', after: null }],
  },
  // A careless emitter: a card number and a token under harmless names must still be masked.
  'payment_method.added': {
    workspaceId: W,
    paymentMethodId: 'pm-1',
    description: 'visa •••• 4242',
    changes: [
      { field: 'method', before: null, after: '4242 4242 4242 4242' },
      { field: 'apiToken', before: null, after: 'abc' },
    ],
  },
  'payment_method.removed': {
    workspaceId: W,
    paymentMethodId: 'pm-1',
    description: 'visa •••• 4242',
    changes: [{ field: 'method', before: 'visa •••• 4242', after: null }],
  },
  'payment.failed': { workspaceId: W, invoiceRef: 'in_1', amountCents: 4200, currency: 'usd', attempt: 1 },
  'api_key.created': {
    workspaceId: W,
    appId: A,
    keyId: 'k-1',
    label: 'qb_api_ab••••',
    changes: [{ field: 'status', before: null, after: 'active' }],
  },
  'api_key.revoked': {
    workspaceId: W,
    appId: A,
    keyId: 'k-1',
    label: 'qb_api_ab••••',
    changes: [{ field: 'status', before: 'active', after: 'terminated' }],
  },
  'quest.draft_discarded': { ...quest, changes: [{ field: 'draft', before: 'saved', after: null }] },
  'quest.deleted': { ...quest, changes: [{ field: 'status', before: 'STOPPED', after: null }] },
  'plugin.created': {
    workspaceId: W,
    appId: A,
    pluginId: 'pl-1',
    pluginType: 'BigQuery',
    changes: [{ field: 'status', before: null, after: 'no_data' }],
  },
  // AppsFlyer's and Adjust's connection details: the partner link holds a token, masked by value.
  'plugin.updated': {
    workspaceId: W,
    appId: A,
    pluginId: 'pl-2',
    pluginType: 'Adjust',
    changes: [
      { field: 'partnerLink', before: 'https://app.adjust.com/abc', after: 'https://app.adjust.com/def' },
      { field: 'accessToken', before: null, after: 'ya29.a0AfH6SMBsecret' },
    ],
  },
  'plugin.deleted': {
    workspaceId: W,
    appId: A,
    pluginId: 'pl-1',
    pluginType: 'BigQuery',
    changes: [{ field: 'status', before: 'connected', after: null }],
  },
  'plugin.processed': {
    workspaceId: W,
    appId: A,
    pluginId: 'pl-1',
    pluginType: 'BigQuery',
    changes: [{ field: 'days processed', before: null, after: '2026-11-01 to 2026-11-20' }],
  },
  'plugin.process_failed': {
    workspaceId: W,
    appId: A,
    pluginId: 'pl-1',
    pluginType: 'BigQuery',
    jobId: 'job-1',
    reason: 'No raw Firebase export was found for this app.',
  },
  'plugin.silent': {
    workspaceId: W,
    appId: A,
    pluginId: 'pl-3',
    pluginType: 'AppsFlyer',
    lastPostbackAt: '2026-11-26T04:00:00.000Z',
    silentHours: 6,
  },
  'plugin.degraded': {
    workspaceId: W,
    appId: A,
    pluginId: 'pl-1',
    pluginType: 'BigQuery',
    since: '2026-11-26T04:00:00.000Z',
    findings: ['No new events for 3 days (normally within 2 days).'],
  },
  'plugin.data_processed': {
    workspaceId: W,
    appId: A,
    pluginId: 'pl-1',
    pluginType: 'BigQuery',
    start: '2026-11-20',
    end: '2026-11-26',
    events: 1200,
  },
  'credential.renamed': {
    workspaceId: W,
    credentialId: 'cr-1',
    name: 'Analytics account',
    changes: [{ field: 'name', before: 'publisher@demostudio.dev', after: 'Analytics account' }],
  },
  'credential.refreshed': {
    workspaceId: W,
    credentialId: 'cr-1',
    name: 'Analytics account',
    changes: [{ field: 'check', before: null, after: 'Works: reaches 1 GCP project.' }],
  },
  'credential.revoked': {
    workspaceId: W,
    credentialId: 'cr-1',
    name: 'Analytics account',
    changes: [{ field: 'account', before: 'Google account publisher@demostudio.dev', after: null }],
  },
  'revenue_settings.saved': {
    workspaceId: W,
    appId: A,
    eventId: 'ev-1',
    eventName: 'purchase',
    changes: [{ field: 'revenueType', before: null, after: 'PURCHASE' }],
  },
  'revenue_settings.removed': {
    workspaceId: W,
    appId: A,
    eventId: 'ev-1',
    eventName: 'purchase',
    changes: [{ field: 'revenueType', before: 'PURCHASE', after: null }],
  },
  'monetize.turned_on': {
    workspaceId: W,
    appId: A,
    campaignId: 'm-1',
    changes: [{ field: 'status', before: 'STOPPED', after: 'LIVE' }],
  },
  'monetize.turned_off': {
    workspaceId: W,
    appId: A,
    campaignId: 'm-1',
    changes: [{ field: 'status', before: 'LIVE', after: 'STOPPED' }],
  },
  'monetize.settings_saved': {
    workspaceId: W,
    appId: A,
    campaignId: 'm-1',
    changes: [{ field: 'refPublicPrice', before: 1.5, after: 2 }],
  },
  'monetize.removed': {
    workspaceId: W,
    appId: A,
    campaignId: 'm-1',
    changes: [{ field: 'status', before: 'LIVE', after: null }],
  },
  'app.settings_changed': {
    workspaceId: W,
    appId: A,
    appName: 'Dragon Merge',
    section: 'general',
    changes: [{ field: 'appName', before: 'Dragon Merge', after: 'Dragon Merge!' }],
  },
  'catalogue_item.added': {
    workspaceId: W,
    appId: A,
    itemId: 'i-1',
    itemName: 'Gem pack',
    changes: [{ field: 'price', before: null, after: '$4.99' }],
  },
  'catalogue_item.updated': {
    workspaceId: W,
    appId: A,
    itemId: 'i-1',
    itemName: 'Gem pack',
    changes: [{ field: 'price', before: '$4.99', after: '$5.99' }],
  },
  'catalogue_item.removed': {
    workspaceId: W,
    appId: A,
    itemId: 'i-1',
    itemName: 'Gem pack',
    changes: [{ field: 'sku', before: 'gems_1', after: null }],
  },
  'app.added': {
    workspaceId: W,
    appId: A,
    appName: 'Dragon Merge',
    changes: [{ field: 'enabled', before: null, after: true }],
  },
  'app.switched': {
    workspaceId: W,
    appId: A,
    appName: 'Dragon Merge',
    changes: [{ field: 'enabled', before: true, after: false }],
  },
  'workspace.settings_changed': {
    workspaceId: W,
    workspaceName: 'Demo Studio',
    changes: [{ field: 'website', before: 'https://a.dev', after: 'https://b.dev' }],
  },
  // accounts
  'account.profile_changed': { ...account, changes: [{ field: 'lastName', before: 'Admin', after: 'Adams' }] },
  'account.email_changed': {
    ...account,
    changes: [{ field: 'email', before: 'admin@demostudio.dev', after: 'ada@demostudio.dev' }],
  },
  'account.password_changed': { ...account, changes: [{ field: 'sign-in', before: null, after: 'changed' }] },
  'account.password_reset': { ...account, changes: [{ field: 'sign-in', before: null, after: 'reset by e-mail' }] },
  'account.sessions_signed_out': { ...account, changes: [{ field: 'sessions', before: '3', after: '1' }] },
  'account.signed_up': { ...account, changes: [{ field: 'workspace', before: null, after: 'Nova Games' }] },
  'account.two_factor_enabled': { ...account, changes: [{ field: 'two-factor sign-in', before: 'off', after: 'on' }] },
  'account.two_factor_disabled': { ...account, changes: [{ field: 'two-factor sign-in', before: 'on', after: 'off' }] },
  'account.google_linked': { ...account, changes: [{ field: 'Google', before: null, after: 'ada@gmail.com' }] },
  'account.google_unlinked': { ...account, changes: [{ field: 'Google', before: 'ada@gmail.com', after: null }] },
};

let server: TestServer;
let ctx: ServerContext;
let adminId: string;
beforeAll(async () => {
  server = await createTestServer();
  ctx = server.app.questboard;
  adminId = (
    await server.db
      .selectFrom('accounts')
      .select('id')
      .where('email', '=', DEMO_ACCOUNTS.admin)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => server?.close());

const rowsOf = (eventId: string) =>
  server.db.selectFrom('activity').selectAll().where('event_id', '=', eventId).execute();

describe('every event of the catalogue', () => {
  test('has a fixture its codec accepts', () => {
    for (const name of DOMAIN_EVENT_NAMES) {
      expect(FIXTURES[name], name).toBeDefined();
      expect(
        isRight(
          (DOMAIN_EVENTS[name].payload as { decode(u: unknown): Either<unknown, unknown> }).decode(FIXTURES[name]),
        ),
        name,
      ).toBe(true);
    }
  });

  test.each(DOMAIN_EVENT_NAMES)('%s writes one row with its diff, area, object and actor', async (name) => {
    const eventId = await inTransaction({ ...ctx, actor: adminId }, (tx) => emit(tx, name, FIXTURES[name] as never));
    const rows = await rowsOf(eventId);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.workspace_id).toBe(W);
    expect(row.verb).toBe(name);
    expect(row.area).toBe(DOMAIN_EVENTS[name].emittedBy);
    expect(row.actor_id).toBe(adminId);
    expect(row.actor_name).not.toBe(QUESTBOARD_ACTOR);
    expect(row.object_type.length).toBeGreaterThan(0);
    expect(row.object_id.length).toBeGreaterThan(0);
    expect(row.object_name.length).toBeGreaterThan(0);
    expect(row.changes.length, `${name} recorded no change`).toBeGreaterThan(0);
    for (const change of row.changes)
      expect(change.before !== change.after, `${name}.${change.field} did not change`).toBe(true);
  });
});

test('the system’s own changes are "Questboard"', async () => {
  const eventId = await inTransaction(ctx, (tx) => emit(tx, 'quest.capped', FIXTURES['quest.capped']));
  const [row] = await rowsOf(eventId);
  expect(row?.actor_id).toBeNull();
  expect(row?.actor_name).toBe(QUESTBOARD_ACTOR);
});

test('a postback is found its workspace from its app', async () => {
  const eventId = await inTransaction(ctx, (tx) => emit(tx, 'postback.stored', FIXTURES['postback.stored']));
  const [row] = await rowsOf(eventId);
  expect(row?.workspace_id).toBe(W);
  expect(row?.app_id).toBe(A);
});

test('secrets are masked by value and by field name', async () => {
  const eventId = await inTransaction({ ...ctx, actor: adminId }, (tx) =>
    emit(tx, 'payment_method.added', FIXTURES['payment_method.added']),
  );
  const [row] = await rowsOf(eventId);
  expect(row?.changes).toEqual([
    { field: 'method', before: null, after: MASKED },
    { field: 'apiToken', before: null, after: MASKED },
  ]);
  expect(JSON.stringify(row)).not.toContain('4242 4242');
});

test('a connection token in a plugin update is masked', async () => {
  const eventId = await inTransaction({ ...ctx, actor: adminId }, (tx) =>
    emit(tx, 'plugin.updated', FIXTURES['plugin.updated']),
  );
  const [row] = await rowsOf(eventId);
  expect(row?.changes[1]).toEqual({ field: 'accessToken', before: null, after: MASKED });
  expect(JSON.stringify(row)).not.toContain('ya29');
});

test('a change cannot commit without its activity row', async () => {
  const { admin } = await signInDemo(server.app, ['admin']);
  const viewer = await server.db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', DEMO_ACCOUNTS.viewer)
    .executeTakeFirstOrThrow();
  await server.db.schema.alterTable('activity').renameTo('activity_away').execute();
  try {
    const res = await call(server.app, admin, {
      method: 'POST',
      url: `/api/workspace/${W}/team/role`,
      payload: { accountId: viewer.id, role: 'editor' },
    });
    expect(res.statusCode).toBe(500);
  } finally {
    await server.db.schema.alterTable('activity_away').renameTo('activity').execute();
  }
  const membership = await server.db
    .selectFrom('memberships')
    .select('role')
    .where('workspace_id', '=', W)
    .where('account_id', '=', viewer.id)
    .executeTakeFirstOrThrow();
  expect(membership.role).toBe('viewer');
});

/**
 * The built-in alerts beyond the capped quest (docs/notifications.md §Alerts), each fired from its real domain event
 * and found in the inboxes of the roles it names exactly once, also when its trigger happens twice:
 *   - a source went silent: the clock passes the AppsFlyer plugin's 6 hours without a postback, the scheduler's task
 *     enqueues the check and the job announces it (a second check announces nothing more);
 *   - a Process Data run failed: a processing job failing for real on a server without its analytics engine;
 *   - a payment failed: Stripe's verified `invoice.payment_failed` webhook, twice the same day;
 *   - an invitation was accepted: an invite sent and accepted through the API.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP, ACQUIRE_DEMO_PLUGIN } from '../../server/areas/acquire/seed';
import { integrationJobs } from '../../server/areas/integrations/index';
import { scheduleSilenceCheck } from '../../server/areas/integrations/index';
import { SILENCE_CHECK_JOB } from '../../server/areas/integrations/silence';
import { JOB_KINDS } from '../../server/areas/integrations/integrations';
import { alertInvitationAccepted } from '../../server/areas/notifications/index';
import { stripePayments } from '../../server/providers/payments/stripe';
import { drainJobs, enqueueJob, type JobHandlers } from '../../server/jobs/queue';
import { runScheduledTasks } from '../../server/jobs/scheduler';
import type { DomainEvent, DomainEventName } from '../../src/contracts/domain-events';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

type Who = 'admin' | 'editor' | 'viewer';
const WEBHOOK_SECRET = 'whsec_test_notifications_0123456789';
const N = `/api/workspace/${DEMO_WORKSPACE_ID}/notifications`;
let server: TestServer;
let clock = Date.now();
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  // No analytics engine: a Process Data job fails for real ("The analytics engine is not running on this server.").
  const payments = stripePayments({
    secretKey: 'sk_test_notifications',
    webhookSecret: WEBHOOK_SECRET,
    httpClient: Stripe.createFetchHttpClient(async () => new Response('{}', { status: 500 })),
  });
  server = await createTestServer({ providers: { payments }, now: () => new Date(clock) });
  for (const who of ['admin', 'editor', 'viewer'] as Who[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(() => server?.close());

const ctx = () => server.app.questboard;
const inbox = async (who: Who, kind: string) => {
  const res = await server.app.inject({ method: 'GET', url: N, headers: bearer(tokens[who]) });
  expect(res.statusCode, res.body).toBe(200);
  return (
    res.json().notifications as { kind: string; title: string; body: string; link: string; appId: string }[]
  ).filter((n) => n.kind === kind);
};
const only = (kind: string): JobHandlers => ({
  handlers: { [kind]: integrationJobs.handlers[kind]! },
  onFailed: (jobCtx, job, message) => integrationJobs.onFailed!(jobCtx, job, message),
});
async function lastEvent<N extends DomainEventName>(name: N): Promise<DomainEvent<N>> {
  const row = await server.db
    .selectFrom('domain_events')
    .select(['id', 'payload', 'created_at'])
    .where('name', '=', name)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, payload: row.payload, at: new Date(row.created_at), by: null } as DomainEvent<N>;
}

describe('a source went silent', () => {
  test('the clock passing 6 hours without a postback fires the alert once, from the scheduled check', async () => {
    const last = await server.db
      .selectFrom('postbacks')
      .select((eb) => eb.fn.max('received_at').as('at'))
      .where('app_id', '=', ACQUIRE_DEMO_APP)
      .where('source', '=', 'appsflyer')
      .executeTakeFirstOrThrow();
    const lastAt = new Date(last.at as Date | string).getTime();
    const silent = async () =>
      (await inbox('editor', 'source_silent')).filter(
        (n) => n.appId === ACQUIRE_DEMO_APP && n.title.startsWith('AppsFlyer'),
      );
    const check = async () => {
      await runScheduledTasks(ctx(), [scheduleSilenceCheck]);
      await drainJobs(ctx(), only(SILENCE_CHECK_JOB));
    };

    clock = lastAt + 5 * 3_600_000;
    await check();
    expect(await silent()).toHaveLength(0);

    clock = lastAt + 6 * 3_600_000 + 60_000;
    await check();
    const [alert, ...more] = await silent();
    expect(more).toHaveLength(0);
    expect(alert).toMatchObject({
      title: 'AppsFlyer went silent',
      link: `/workspace/${DEMO_WORKSPACE_ID}/app/${ACQUIRE_DEMO_APP}/integrations/AppsFlyer`,
    });
    expect(alert!.body).toMatch(/^Dragon Merge \(iOS\): no postback from AppsFlyer for 6 hours/);
    expect((await inbox('admin', 'source_silent')).filter((n) => n.appId === ACQUIRE_DEMO_APP)).toHaveLength(1);
    expect(await inbox('viewer', 'source_silent')).toHaveLength(0);

    // Later checks of the same silence announce nothing more.
    clock += 20 * 60_000;
    await check();
    expect(await silent()).toHaveLength(1);
    const plugin = await server.db
      .selectFrom('plugins')
      .select('silence_announced_for')
      .where('id', '=', ACQUIRE_DEMO_PLUGIN)
      .executeTakeFirstOrThrow();
    expect(plugin.silence_announced_for).toBe(new Date(lastAt).toISOString());
    clock = Date.now();
  });
});

describe('a Process Data run failed', () => {
  test('a failing processing job fires the alert once for admins and editors', async () => {
    const plugin = await server.db
      .selectFrom('plugins')
      .select(['id'])
      .where('app_id', '=', DEMO_APP_IDS.dragonMergeAndroid)
      .where('type', '=', 'BigQuery')
      .executeTakeFirstOrThrow();
    const day = new Date(clock - 2 * 86_400_000).toISOString().slice(0, 10);
    // The job Process Data enqueues (the demo's plugin has no credential in this database, so it is queued here).
    await enqueueJob(ctx(), {
      kind: JOB_KINDS.process,
      pluginId: plugin.id,
      appId: DEMO_APP_IDS.dragonMergeAndroid,
      payload: { start: day, end: day },
    });
    await drainJobs(ctx(), only(JOB_KINDS.process));
    const failed = await server.db
      .selectFrom('jobs')
      .select(['id', 'kind', 'plugin_id', 'app_id', 'payload', 'attempts', 'status'])
      .where('plugin_id', '=', plugin.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(failed.status).toBe('failed');

    for (const who of ['admin', 'editor'] as Who[]) {
      const mine = await inbox(who, 'process_failed');
      expect(mine, who).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        title: 'Process Data failed for BigQuery',
        body: 'Dragon Merge (Android): The analytics engine is not running on this server.',
        link: `/workspace/${DEMO_WORKSPACE_ID}/app/${DEMO_APP_IDS.dragonMergeAndroid}/integrations/BigQuery`,
      });
    }
    expect(await inbox('viewer', 'process_failed')).toHaveLength(0);

    // The same run reported failed again (a second event for the same job) adds nothing.
    await integrationJobs.onFailed!(
      ctx(),
      { ...failed, payload: failed.payload as Record<string, unknown> },
      'The analytics engine is not running on this server.',
    );
    expect(await inbox('editor', 'process_failed')).toHaveLength(1);
  });
});

describe('a payment failed', () => {
  test('Stripe’s invoice.payment_failed webhook tells the admins once per invoice and day, never editors', async () => {
    await server.db
      .updateTable('billing_accounts')
      .set({ provider_customer_id: 'cus_test_notifications' })
      .where('workspace_id', '=', DEMO_WORKSPACE_ID)
      .execute();
    const deliver = async (eventId: string) => {
      const payload = JSON.stringify({
        id: eventId,
        object: 'event',
        api_version: '2025-03-31.basil',
        created: Math.floor(clock / 1000),
        type: 'invoice.payment_failed',
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: {
          object: {
            id: 'in_test_failed_1',
            object: 'invoice',
            customer: 'cus_test_notifications',
            amount_due: 12_345,
            currency: 'usd',
            attempt_count: 1,
            status: 'open',
          },
        },
      });
      const signature = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/billing/stripe/webhook',
        payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await deliver('evt_payment_failed_1');
    // Stripe's next retry of the same invoice the same day: a new event, the same alert period.
    await deliver('evt_payment_failed_2');
    const mine = await inbox('admin', 'payment_failed');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      title: 'A payment of $123.45 failed',
      link: `/workspace/${DEMO_WORKSPACE_ID}/billing/payment-methods`,
    });
    expect(mine[0]!.body).toContain('The invoice in_test_failed_1 could not be paid');
    expect(await inbox('editor', 'payment_failed')).toHaveLength(0);
  });
});

describe('an invitation was accepted', () => {
  test('accepting an invite through the API tells the admins once', async () => {
    const email = 'alert.joiner@demostudio.dev';
    const invited = await server.app.inject({
      method: 'POST',
      url: `/api/workspace/${DEMO_WORKSPACE_ID}/team/invite`,
      headers: bearer(tokens.admin),
      payload: { email, role: 'editor' },
    });
    expect(invited.statusCode, invited.body).toBe(200);
    const mail = await server.db
      .selectFrom('outbox')
      .select('body')
      .where('to_email', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
    const accepted = await server.app.inject({
      method: 'POST',
      url: `/api/invite/${token}/accept`,
      payload: { firstName: 'Alma', lastName: 'Joiner', password: 'a-long-and-unusual-passphrase-42' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const mine = await inbox('admin', 'invitation_accepted');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      title: 'Alma Joiner accepted the invitation',
      body: `${email} joined the workspace as editor.`,
      link: `/workspace/${DEMO_WORKSPACE_ID}/team`,
    });
    expect(await inbox('editor', 'invitation_accepted')).toHaveLength(0);

    // The outbox delivers at least once: the same event handled again adds nothing.
    await alertInvitationAccepted(ctx(), await lastEvent('member.joined'));
    expect(await inbox('admin', 'invitation_accepted')).toHaveLength(1);
  });
});

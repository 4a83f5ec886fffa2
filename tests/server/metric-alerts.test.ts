/**
 * Metric alerts (docs/notifications.md §Metric alerts), fired from their real event: a BigQuery plugin's raw export
 * made of a known number of events per day (the same weekday over the last 8 weeks 90, 100, 110, 120, 100, 130, 95,
 * 105: median 102.5, MAD 7.5, band 80–125 at k = 3; every other day 100), Process Data run through its route and
 * job (`plugin.data_processed`), the rules of a saved report on Event Count evaluated through Analyze. The day at 110
 * fires nothing but a rule above 100; the day at 300 fires above, change and anomaly, once each, to the bell, a real
 * SMTP server (in-process `smtp-server`, parsed with `mailparser`) and a webhook receiver (signed); the event handled
 * again fires nothing more. Thresholds out of bounds, a metric not of the report and another workspace's report are
 * refused; a failing webhook shows "Delivery failing" on the rule.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openAnalytics, type AnalyticsEngine } from '../../server/analytics/index';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID, RIVAL_WORKSPACE_ID } from '../../server/demo/seed';
import { deliverPendingEvents } from '../../server/events/outbox';
import { drainJobs } from '../../server/jobs/queue';
import { integrationJobs } from '../../server/areas/integrations/integrations';
import { checkMetricAlerts, evaluateMetricAlerts, notificationJobs } from '../../server/areas/notifications/index';
import { inTransaction } from '../../server/context';
import { mailerFromEnv, type Mailer } from '../../server/providers/mailer';
import { addDays } from '../../src/contracts/analyze';
import type { DomainEvent } from '../../src/contracts/domain-events';
import { bearer, call, createTestServer, signInAs, type TestServer } from './helpers';

type Who = 'admin' | 'editor' | 'viewer' | 'rival';
const APP = DEMO_APP_IDS.pixelRacer;
const N = `/api/workspace/${DEMO_WORKSPACE_ID}/notifications`;
const M = `${N}/metric-alerts`;
// The evaluated day: yesterday (Process Data refuses days after today).
const DAY = addDays(new Date().toISOString().slice(0, 10), -1);
const FIRST = addDays(DAY, -56);
const SAME_WEEKDAY = [90, 100, 110, 120, 100, 130, 95, 105];

let server: TestServer;
let analytics: AnalyticsEngine;
let smtp: SmtpCapture;
let mailer: Mailer;
const mails: ParsedMail[] = [];
let receiver: http.Server;
let base = '';
const hits: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let secret = '';
let pluginId = '';
let reportId = '';
const tokens = {} as Record<Who, string>;
const ctx = () => server.app.questboard;
const as = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload ? { payload } : {}) });

/** The app's raw export replaced by `count(day)` copies of one exported event per day, from FIRST to DAY. */
async function writeExport(count: (day: string) => number) {
  const store = analytics.store;
  await store.run(
    'CREATE OR REPLACE TEMP TABLE metric_alert_tpl AS SELECT * FROM raw_events WHERE dataset = $d LIMIT 1',
    {
      d: APP,
    },
  );
  await store.run('DELETE FROM raw_events WHERE dataset = $d', { d: APP });
  for (let day = FIRST; day <= DAY; day = addDays(day, 1)) {
    await store.run(
      `INSERT INTO raw_events
       SELECT dataset, $key, $noon + range, event_name, event_params, event_value_in_usd, user_id,
              'player-' || range, user_first_touch_timestamp, platform, device, geo, app_info, traffic_source
       FROM metric_alert_tpl, range(CAST($n AS BIGINT))`,
      { key: day.replaceAll('-', ''), noon: Date.parse(`${day}T12:00:00Z`) * 1000, n: count(day) },
    );
  }
}
const counts = (today: number) => (day: string) => {
  if (day === DAY) return today;
  for (let week = 1; week <= 8; week += 1) if (day === addDays(DAY, -7 * week)) return SAME_WEEKDAY[week - 1]!;
  return 100;
};

/** Process Data over the days through its route and job, then what the running server does after: the reactions and the deliveries. */
async function processDays(start = FIRST) {
  const res = await as('admin', 'POST', `/api/plugins/${pluginId}/process`, { start, end: DAY });
  expect(res.statusCode, res.body).toBe(200);
  await drainJobs(ctx(), integrationJobs);
  await deliverPendingEvents(ctx());
  await drainJobs(ctx(), notificationJobs);
}

const metricBell = async (who: Who) =>
  (
    (await as(who, 'GET', N)).json().notifications as { kind: string; title: string; body: string; link: string }[]
  ).filter((n) => n.kind === 'metric_alert');
const rule = (condition: string, threshold: number, extra: object = {}) => ({
  appId: APP,
  reportId,
  metric: 'event_count',
  condition,
  threshold,
  email: true,
  paused: false,
  ...extra,
});

beforeAll(async () => {
  smtp = await startSmtpCapture(mails);
  mailer = await mailerFromEnv(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Questboard <alerts@questboard.test>',
    },
    'http://127.0.0.1:8080',
    () => {},
  );
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(req.url === '/broken' ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  analytics = await openAnalytics({ threads: 1 });
  server = await createTestServer({
    providers: { analytics, mailer },
    config: { sandboxExport: { events: 500, days: 3 }, allowHttpWebhooks: true },
    events: { deliverAfterCommit: false },
  });
  for (const who of ['admin', 'editor', 'viewer', 'rival'] as Who[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
  const credential = (
    await call(server.app, tokens.admin, { method: 'POST', url: `/api/app/${APP}/credentials/product` })
  ).json();
  const created = await as('admin', 'POST', `/api/app/${APP}/plugins`, {
    type: 'BigQuery',
    credentialId: credential.credential.id,
    attributes: { targetProject: 'demo-studio-analytics' },
  });
  expect(created.statusCode, created.body).toBe(200);
  pluginId = created.json().plugin.id;
  await drainJobs(ctx(), integrationJobs); // the sandbox export (its first event is the template)
  await writeExport(counts(110));
  await processDays(); // Analyze enabled; no rule yet
  const saved = await as('editor', 'POST', `/analytics/template/${APP}`, {
    saveTemplate: true,
    title: 'Events per day',
    report: {
      model_id: 'events',
      configuration: {
        select: [{ column_name: 'event_count', id: 'event_count', data_type: 'INT64', format: 'integer' }],
        group_by: [{ column_name: 'date', data_type: 'DATE', sample_value: null }],
      },
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  reportId = saved.json().template.id;
  const hook = await as('admin', 'POST', `${N}/webhooks`, {
    url: `${base}/hook`,
    format: 'json',
    alerts: ['metric_alert'],
    enabled: true,
  });
  expect(hook.statusCode, hook.body).toBe(200);
  secret = hook.json().secret as string;
});
afterAll(async () => {
  await server?.close();
  await analytics?.close();
  await smtp?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('rules are bounded and scoped', () => {
  test('thresholds out of bounds, a metric not of the report: 400 with the words', async () => {
    const refused = async (body: object, message: string) => {
      const res = await as('editor', 'POST', M, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await refused(rule('change', 0.5), 'Enter a change from 1 to 1,000 %.');
    await refused(rule('change', 1001), 'Enter a change from 1 to 1,000 %.');
    await refused(rule('anomaly', 11), 'Enter k from 1 to 10.');
    await refused(rule('anomaly', 0), 'Enter k from 1 to 10.');
    await refused(rule('above', 2e12), 'Enter a value from -1,000,000,000,000 to 1,000,000,000,000.');
    await refused(rule('above', 5, { metric: 'dau' }), 'Choose one of the report’s metrics.');
    const bad = await as('editor', 'POST', M, { ...rule('above', 5), threshold: 'many' });
    expect(bad.statusCode).toBe(400);
    expect(await server.db.selectFrom('metric_alerts').select('id').execute()).toHaveLength(0);
  });

  test('another workspace’s report is not found; another workspace’s rules are not reached', async () => {
    const rival = await as(
      'rival',
      'POST',
      `/api/workspace/${RIVAL_WORKSPACE_ID}/notifications/metric-alerts`,
      rule('above', 5),
    );
    expect(rival.statusCode).toBe(404);
    expect(rival.json().message).toBe('Report not found.');
    expect((await as('rival', 'POST', M, rule('above', 5))).statusCode).toBe(404);
    expect(await server.db.selectFrom('metric_alerts').select('id').execute()).toHaveLength(0);
  });
});

describe('evaluated from a processed day', () => {
  let anomaly = '';
  test('inside the band: nothing fires but the viewer’s rules above 100 and below 111', async () => {
    const ids: string[] = [];
    for (const body of [rule('anomaly', 3), rule('above', 299), rule('below', 50), rule('change', 150)]) {
      const res = await as('editor', 'POST', M, body);
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().alert.id);
    }
    anomaly = ids[0]!;
    for (const body of [rule('above', 100, { email: false }), rule('below', 111, { email: false })]) {
      const viewer = await as('viewer', 'POST', M, body);
      expect(viewer.statusCode, viewer.body).toBe(200);
    }
    await processDays(addDays(DAY, -2));
    expect(await metricBell('editor')).toHaveLength(0);
    const [below, entry, ...more] = await metricBell('viewer');
    expect(more).toHaveLength(0);
    expect(below!.body).toBe(`Events per day: Event Count was 110 on ${DAY}, below your threshold of 111.`);
    expect(entry!.title).toBe('Event Count is above 100');
    expect(entry!.body).toBe(`Events per day: Event Count was 110 on ${DAY}, above your threshold of 100.`);
    expect(entry!.link).toBe(`/workspace/${DEMO_WORKSPACE_ID}/app/${APP}/analyze/report/${reportId}`);
    expect(mails.filter((m) => m.subject?.includes('Event Count'))).toHaveLength(0); // the viewer's rule: no e-mail
    expect(hits.filter((h) => h.path === '/hook')).toHaveLength(2);
    const list = (await as('viewer', 'GET', M)).json().alerts;
    expect(list).toMatchObject([
      { lastFiredDay: DAY, lastFiredValue: 110, reportTitle: 'Events per day' },
      { lastFiredDay: DAY, lastFiredValue: 110, condition: 'below' },
    ]);
    // The editor's list: theirs only, none fired.
    const mine = (await as('editor', 'GET', M)).json().alerts as { lastFiredDay: string | null }[];
    expect(mine.map((a) => a.lastFiredDay)).toEqual([null, null, null, null]);
  });

  test('an outlier day fires above, change and anomaly once each: bell, SMTP and the webhook', async () => {
    await writeExport(counts(300));
    await processDays(addDays(DAY, -2));
    const titles = (await metricBell('editor')).map((n) => n.title).sort();
    expect(titles).toEqual([
      'Event Count is above 299',
      'Event Count is unusual for the weekday',
      'Event Count rose 200 %',
    ]);
    const unusual = (await metricBell('editor')).find((n) => n.title.includes('unusual'))!;
    expect(unusual.body).toBe(
      `Events per day: Event Count was 300 on ${DAY}, outside the usual band of 80 to 125 (median 102.5 ± 3·MAD 7.5 of the same weekday over the last 8 weeks).`,
    );
    const toEditor = mails.filter((m) => !Array.isArray(m.to) && m.to?.value[0]?.address === DEMO_ACCOUNTS.editor);
    expect(toEditor.map((m) => m.subject ?? '').sort((a, b) => a.localeCompare(b))).toEqual([
      'Event Count is above 299 · Demo Studio',
      'Event Count is unusual for the weekday · Demo Studio',
      'Event Count rose 200 % · Demo Studio',
    ]);
    expect(toEditor[0]!.text).toContain(
      `Open in Questboard: http://127.0.0.1:8080/workspace/${DEMO_WORKSPACE_ID}/app/${APP}/analyze/report/${reportId}`,
    );
    const hooks = hits.filter((h) => h.path === '/hook');
    expect(hooks).toHaveLength(5); // the viewer's two of the first day, and these three
    for (const hook of hooks) {
      const parts = Object.fromEntries(
        String(hook.headers['questboard-signature'])
          .split(',')
          .map((p) => p.split('=')),
      );
      expect(parts.v1).toBe(createHmac('sha256', secret).update(`${parts.t}.${hook.body}`).digest('hex'));
      expect(JSON.parse(hook.body)).toMatchObject({ alert: 'metric_alert', appId: APP });
    }
    expect((await as('editor', 'GET', M)).json().alerts.find((a: { id: string }) => a.id === anomaly)).toMatchObject({
      lastFiredDay: DAY,
      lastFiredValue: 300,
      deliveryFailing: false,
    });
  });

  test('the event handled again, or the day processed again, fires nothing more', async () => {
    const [row] = await server.db
      .selectFrom('domain_events')
      .select(['id', 'payload', 'created_at'])
      .where('name', '=', 'plugin.data_processed')
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    const event = {
      id: String(row!.id),
      name: 'plugin.data_processed',
      payload: row!.payload,
      at: new Date(row!.created_at),
      by: null,
    } as DomainEvent<'plugin.data_processed'>;
    // The reaction delivered twice queues two checks; they and a direct check fire nothing more.
    await inTransaction(ctx(), (tx) => evaluateMetricAlerts(tx, event));
    await inTransaction(ctx(), (tx) => evaluateMetricAlerts(tx, event));
    expect(
      await server.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'metric_alert_check')
        .where('status', '=', 'queued')
        .execute(),
    ).toHaveLength(2);
    await drainJobs(ctx(), notificationJobs);
    expect(await checkMetricAlerts(ctx(), APP)).toBe(0);
    await processDays(addDays(DAY, -2));
    expect(await metricBell('editor')).toHaveLength(3);
    expect(await metricBell('viewer')).toHaveLength(2);
    expect(mails.filter((m) => m.subject?.startsWith('Event Count'))).toHaveLength(3);
    expect(hits.filter((h) => h.path === '/hook')).toHaveLength(5);
    expect(await server.db.selectFrom('metric_alert_firings').select('rule_id').execute()).toHaveLength(5);
  });

  test('a paused rule is not evaluated; edit and delete are the owner’s only', async () => {
    const res = await as('editor', 'PUT', `${M}/${anomaly}`, rule('anomaly', 5, { paused: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().alert).toMatchObject({ paused: true, threshold: 5 });
    expect((await as('viewer', 'PUT', `${M}/${anomaly}`, rule('anomaly', 5))).statusCode).toBe(404);
    expect((await as('viewer', 'DELETE', `${M}/${anomaly}`)).statusCode).toBe(404);
    expect((await as('editor', 'PUT', `${M}/${anomaly}`, rule('anomaly', 50))).statusCode).toBe(400);
    expect((await as('editor', 'DELETE', `${M}/${anomaly}`)).statusCode).toBe(200);
    expect((await as('editor', 'GET', M)).json().alerts).toHaveLength(3);
  });

  test('a failing webhook shows "Delivery failing" on the rule', async () => {
    const broken = await as('admin', 'POST', `${N}/webhooks`, {
      url: `${base}/broken`,
      format: 'json',
      alerts: ['metric_alert'],
      enabled: true,
    });
    expect(broken.statusCode, broken.body).toBe(200);
    const fresh = await as('admin', 'POST', M, rule('above', 1));
    expect(fresh.statusCode, fresh.body).toBe(200);
    await processDays(addDays(DAY, -2));
    expect(hits.filter((h) => h.path === '/broken')).toHaveLength(1);
    const [mine] = (await as('admin', 'GET', M)).json().alerts;
    expect(mine).toMatchObject({ lastFiredDay: DAY, deliveryFailing: true });
  });
});

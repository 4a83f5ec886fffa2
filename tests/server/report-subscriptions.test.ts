/**
 * Report and dashboard subscriptions (docs/notifications.md §Subscriptions): a digest due at its hour is delivered
 * once — to a real SMTP server (the mailer SMTP_URL makes, pointed at an in-process `smtp-server`, parsed with
 * `mailparser`) with the report's first 20 rows in text and HTML, the chart as a valid PNG and the full CSV — and
 * once to a local webhook receiver (a summary without rows); a second scheduler pass in the same period adds
 * nothing. Weekly schedules land at the right UTC instant across summer-time changes; bad schedules, another
 * workspace's report and another person's subscription are refused; the unsubscribe link stops the subscription.
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID, RIVAL_APP_ID } from '../../server/demo/seed';
import { notificationJobs, scheduleDigests } from '../../server/areas/notifications/index';
import { openDuePeriods } from '../../server/areas/notifications/digests';
import { nextRun } from '../../server/areas/notifications/schedule';
import { PNG_SIGNATURE, pngSize } from '../../server/areas/notifications/chart-svg';
import { mailerFromEnv } from '../../server/providers/mailer';
import { drainJobs } from '../../server/jobs/queue';
import { toCsv } from '../../src/contracts/csv';
import { cellText, toMatrix } from '../../src/contracts/report-rows';
import { columnsOf, overriddenReport } from '../../src/contracts/dashboard-reports';
import { NO_FILTERS } from '../../src/contracts/dashboards';
import type { ReportRow } from '../../src/contracts/analyze';
import { CHANNEL_REQUIRED, WEBHOOK_ADMINS_ONLY, WEEKDAY_REQUIRED } from '../../src/contracts/report-subscriptions';
import { call, signInAs } from './helpers';
import { createAnalyticsTestServer, dailyReport, type AnalyticsTestServer } from './analyze-helpers';

const { PNG } = createRequire(import.meta.url)('pngjs') as {
  PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } };
};

const APP = DEMO_APP_IDS.dragonMergeAndroid;
const S = `/api/workspace/${DEMO_WORKSPACE_ID}/notifications/subscriptions`;
let clock = Date.parse('2026-07-01T05:30:00Z');
let server: AnalyticsTestServer;
let smtp: SmtpCapture;
const mails: ParsedMail[] = [];
let receiver: http.Server;
let base = '';
const hits: string[] = [];
let admin = '';
let viewer = '';
let reportId = '';
let reportRows: ReportRow[] = [];
const report = dailyReport(['dau', 'new_users'], 'date', { order_by: [{ column_name: 'date', order: 'ASC' }] });

beforeAll(async () => {
  smtp = await startSmtpCapture(mails);
  const mailer = await mailerFromEnv(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Questboard <d@q.test>' },
    'http://127.0.0.1:8080',
    () => {},
  );
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hits.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await createAnalyticsTestServer({
    config: { allowHttpWebhooks: true },
    providers: { mailer },
    now: () => new Date(clock),
  });
  admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
  viewer = await signInAs(server.app, DEMO_ACCOUNTS.viewer);
  const saved = await call(server.app, admin, {
    method: 'POST',
    url: `/analytics/template/${APP}`,
    payload: { report, saveTemplate: true, id: null, title: 'Daily players' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  reportId = saved.json().template.id as string;
  // The report page's rows, through its signed result URL.
  reportRows = (await server.app.inject({ method: 'GET', url: saved.json().url })).json().report as ReportRow[];
  expect(reportRows.length).toBeGreaterThan(20);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const ctx = () => server.app.questboard;
const subscribe = (token: string, body: object) => call(server.app, token, { method: 'POST', url: S, payload: body });
const target = () => ({ kind: 'report', appId: APP, id: reportId });
const countDigests = async () =>
  Number(
    (
      await ctx()
        .db.selectFrom('report_digests')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a digest at its hour', () => {
  let subscriptionId = '';
  let unsubscribeLink = '';

  test('is delivered once by e-mail and webhook; a second pass in the same period adds nothing', async () => {
    const hook = await call(server.app, admin, {
      method: 'POST',
      url: `/api/workspace/${DEMO_WORKSPACE_ID}/notifications/webhooks`,
      payload: { url: `${base}/hook`, format: 'slack', alerts: [], enabled: true },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const created = await subscribe(admin, {
      target: target(),
      schedule: { frequency: 'daily', hour: 6 },
      channels: { email: true, webhookId: hook.json().webhook.id },
    });
    expect(created.statusCode, created.body).toBe(200);
    const sub = created.json().subscription;
    subscriptionId = sub.id;
    expect(sub).toMatchObject({ title: 'Daily players', timeZone: 'UTC', nextRunAt: '2026-07-01T06:00:00.000Z' });

    // Before its hour nothing is queued.
    clock = Date.parse('2026-07-01T05:59:00Z');
    expect(await scheduleDigests(ctx())).toEqual([]);
    clock = Date.parse('2026-07-01T06:00:20Z');
    expect(await scheduleDigests(ctx())).toHaveLength(1);
    await drainJobs(ctx(), notificationJobs);
    expect(mails).toHaveLength(1);
    expect(hits).toHaveLength(1);
    expect(await countDigests()).toBe(1);

    // A second pass in the same period: nothing queued, nothing opened, nothing sent.
    clock = Date.parse('2026-07-01T06:30:00Z');
    expect(await scheduleDigests(ctx())).toEqual([]);
    expect(await openDuePeriods(ctx())).toBe(0);
    await drainJobs(ctx(), notificationJobs);
    expect(mails).toHaveLength(1);
    expect(hits).toHaveLength(1);
    expect(await countDigests()).toBe(1);
    const listed = (await call(server.app, admin, { method: 'GET', url: S })).json().subscriptions;
    expect(listed[0]).toMatchObject({ nextRunAt: '2026-07-02T06:00:00.000Z', lastSentAt: '2026-07-01T06:00:20.000Z' });
  }, 120_000);

  test('the e-mail carries the first 20 rows in text and HTML, a valid PNG chart and the full CSV', async () => {
    const mail = mails[0]!;
    expect(mail.subject).toBe('Daily players · Demo Studio');
    const columns = columnsOf(overriddenReport(report, NO_FILTERS));
    const dates = reportRows.map((row) => cellText(row.date));
    const text = mail.text ?? '';
    const html = String(mail.html);
    for (const date of dates.slice(0, 20)) {
      expect(text).toContain(date);
      expect(html).toContain(`>${date}<`);
    }
    for (const date of dates.slice(20)) {
      expect(text).not.toContain(date);
      expect(html).not.toContain(`>${date}<`);
    }
    expect(text).toContain(`The first 20 of ${reportRows.length} rows`);

    const png = mail.attachments.find((a) => a.contentType === 'image/png');
    expect(png).toBeDefined();
    expect(png!.content.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const decoded = PNG.sync.read(png!.content);
    expect(pngSize(png!.content)).toEqual({ width: decoded.width, height: decoded.height });
    expect(decoded.width).toBe(1280);
    expect(decoded.height).toBeGreaterThan(600);
    // Not a blank image: the series' colour (the page's first) is painted somewhere.
    let coloured = 0;
    for (let i = 0; i < decoded.data.length; i += 4) {
      if (decoded.data[i]! < 120 && decoded.data[i + 2]! > 180) coloured++;
    }
    expect(coloured).toBeGreaterThan(500);
    // Inline (cid): mailparser puts the image into the HTML where the <img> referred to it.
    expect(png!.contentId).toBe('<chart-0@questboard>');
    expect(html).toContain('alt="Chart of Daily players"');

    const csv = mail.attachments.find((a) => a.filename?.endsWith('.csv'));
    expect(csv?.filename).toBe('daily-players.csv');
    expect(csv!.content.toString('utf8')).toBe(toCsv(toMatrix(reportRows, columns)));

    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const link = /Stop this subscription \(one click\): (\S+)/.exec(text)?.[1];
    expect(link).toBeDefined();
    expect(header('list-unsubscribe')).toBe(`<${link}>`);
    unsubscribeLink = link!;
  });

  test('the webhook gets a short summary without the rows', () => {
    const body = JSON.parse(hits[0]!);
    expect(body.text).toMatch(/^Daily players: Daily at 06:00 \(UTC\): 1 table, \d+ rows\.$/);
    expect(hits[0]).not.toContain(cellText(reportRows[0]!.date));
  });

  test('the unsubscribe link stops that subscription', async () => {
    const url = new URL(unsubscribeLink);
    const page = await server.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop your subscription to “Daily players”');
    const done = await server.app.inject({ method: 'POST', url: url.pathname + url.search });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('is stopped');
    const listed = (await call(server.app, admin, { method: 'GET', url: S })).json().subscriptions;
    expect(listed.map((s: { id: string }) => s.id)).not.toContain(subscriptionId);
    clock = Date.parse('2026-07-02T06:00:30Z');
    expect(await scheduleDigests(ctx())).toEqual([]);
  });
});

describe('schedules', () => {
  test('weekly in a non-UTC time zone lands at the right UTC instant across summer-time changes', async () => {
    clock = Date.parse('2026-03-25T12:00:00Z'); // a Wednesday; Berlin moves to summer time on Sunday 29 March
    const spring = await subscribe(viewer, {
      target: target(),
      schedule: { frequency: 'weekly', weekday: 0, hour: 9, timeZone: 'Europe/Berlin' },
      channels: { email: true, webhookId: null },
    });
    expect(spring.statusCode, spring.body).toBe(200);
    expect(spring.json().subscription.nextRunAt).toBe('2026-03-30T07:00:00.000Z');
    // Before the change the same hour is 08:00 UTC; after the autumn change (25 October) it is 08:00 UTC again.
    const rule = { frequency: 'weekly' as const, weekday: 0, hour: 9, timeZone: 'Europe/Berlin' };
    expect(nextRun(rule, new Date('2026-03-18T12:00:00Z')).toISOString()).toBe('2026-03-23T08:00:00.000Z');
    expect(nextRun(rule, new Date('2026-10-21T12:00:00Z')).toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(
      nextRun(
        { frequency: 'weekly', weekday: 6, hour: 23, timeZone: 'America/New_York' },
        new Date('2026-11-01T12:00:00Z'),
      ).toISOString(),
    ).toBe('2026-11-02T04:00:00.000Z');
    // An hour a spring-forward night skips is sent at the first instant after the jump.
    expect(
      nextRun(
        { frequency: 'daily', weekday: null, hour: 2, timeZone: 'Europe/Berlin' },
        new Date('2026-03-28T12:00:00Z'),
      ).toISOString(),
    ).toBe('2026-03-29T01:00:00.000Z');
    await call(server.app, viewer, { method: 'DELETE', url: `${S}/${spring.json().subscription.id}` });
  });

  test('bad schedules are refused with 400 and a clear message', async () => {
    const bad = async (schedule: object, channels: object = { email: true, webhookId: null }) => {
      const res = await subscribe(viewer, { target: target(), schedule, channels });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().message as string;
    };
    expect(await bad({ frequency: 'daily', hour: 24 })).toMatch(/hour/i);
    expect(await bad({ frequency: 'daily', hour: 1.5 })).toMatch(/hour/i);
    expect(await bad({ frequency: 'weekly', hour: 8, weekday: 7 })).toMatch(/weekday/i);
    expect(await bad({ frequency: 'weekly', hour: 8 })).toBe(WEEKDAY_REQUIRED);
    expect(await bad({ frequency: 'hourly', hour: 8 })).toMatch(/frequency/i);
    expect(await bad({ frequency: 'daily', hour: 8, timeZone: 'Mars/Olympus' })).toMatch(/time ?zone/i);
    expect(await bad({ frequency: 'daily', hour: 8 }, { email: false, webhookId: null })).toBe(CHANNEL_REQUIRED);
  });

  test("another workspace's report, a report that does not exist, and a viewer's webhook are refused", async () => {
    const schedule = { frequency: 'daily', hour: 8 };
    const channels = { email: true, webhookId: null };
    const rival = await subscribe(admin, {
      target: { kind: 'report', appId: RIVAL_APP_ID, id: reportId },
      schedule,
      channels,
    });
    expect(rival.statusCode).toBe(404);
    const missing = await subscribe(admin, { target: { ...target(), id: 'no-such-report' }, schedule, channels });
    expect(missing.statusCode).toBe(404);
    const dashboard = await subscribe(admin, {
      target: { kind: 'dashboard', appId: APP, id: reportId },
      schedule,
      channels,
    });
    expect(dashboard.statusCode).toBe(404);
    const hooked = await subscribe(viewer, { target: target(), schedule, channels: { email: true, webhookId: 'x' } });
    expect(hooked.statusCode).toBe(403);
    expect(hooked.json().message).toBe(WEBHOOK_ADMINS_ONLY);
  });

  test('a person sees and changes only their own subscriptions; pausing stops the schedule', async () => {
    const mine = await subscribe(admin, {
      target: target(),
      schedule: { frequency: 'daily', hour: 8 },
      channels: { email: true, webhookId: null },
    });
    const id = mine.json().subscription.id as string;
    const theirs = (await call(server.app, viewer, { method: 'GET', url: S })).json();
    expect(theirs.subscriptions.map((s: { id: string }) => s.id)).not.toContain(id);
    expect(theirs.webhooks).toEqual([]);
    const body = {
      schedule: { frequency: 'daily', hour: 9 },
      channels: { email: true, webhookId: null },
      paused: true,
    };
    expect((await call(server.app, viewer, { method: 'PUT', url: `${S}/${id}`, payload: body })).statusCode).toBe(404);
    expect((await call(server.app, viewer, { method: 'DELETE', url: `${S}/${id}` })).statusCode).toBe(404);
    const paused = await call(server.app, admin, { method: 'PUT', url: `${S}/${id}`, payload: body });
    expect(paused.json().subscription).toMatchObject({ paused: true, nextRunAt: null, hour: 9 });
    clock += 3 * 86_400_000;
    expect(await scheduleDigests(ctx())).toEqual([]);
    // Its newest digest given up after a day of retries: the list says "Delivery failing"; a later one sent clears it.
    const digest = (period: string, status: 'failed' | 'sent', at: number) =>
      server.db
        .insertInto('report_digests')
        .values({
          subscription_id: id,
          period,
          status,
          next_attempt_at: new Date(at),
          created_at: new Date(at),
        })
        .execute();
    const listed = async () =>
      (
        (await call(server.app, admin, { method: 'GET', url: S })).json().subscriptions as Record<string, unknown>[]
      ).find((s) => s.id === id);
    expect(await listed()).toMatchObject({ deliveryFailing: false });
    await digest('p1', 'failed', clock - 2 * 86_400_000);
    expect(await listed()).toMatchObject({ deliveryFailing: true });
    await digest('p2', 'sent', clock - 86_400_000);
    expect(await listed()).toMatchObject({ deliveryFailing: false });
    const removed = await call(server.app, admin, { method: 'DELETE', url: `${S}/${id}` });
    expect(removed.json().subscriptions.map((s: { id: string }) => s.id)).not.toContain(id);
  });
});

describe('a dashboard digest', () => {
  test("carries each report tile's rows and chart", async () => {
    clock = Date.parse('2026-08-03T10:00:00Z');
    admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
    viewer = await signInAs(server.app, DEMO_ACCOUNTS.viewer);
    const created = await call(server.app, admin, {
      method: 'POST',
      url: `/api/app/${APP}/analyze/dashboards`,
      payload: {
        name: 'Weekly look',
        tiles: [
          { id: 't1', kind: 'report', ref: reportId, x: 0, y: 0, w: 6, h: 4 },
          { id: 't2', kind: 'metric', ref: 'dau', x: 6, y: 0, w: 6, h: 4 },
        ],
        filters: { date_range: { date_start: '2025-06-01', date_end: '2025-06-30' }, platform: null },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const dashboardId = created.json().dashboard.id as string;
    clock = Date.parse('2026-08-03T10:00:00Z');
    const sub = await subscribe(viewer, {
      target: { kind: 'dashboard', appId: APP, id: dashboardId },
      schedule: { frequency: 'daily', hour: 11 },
      channels: { email: true, webhookId: null },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    clock = Date.parse('2026-08-03T11:00:05Z');
    expect(await scheduleDigests(ctx())).toHaveLength(1);
    const before = mails.length;
    await drainJobs(ctx(), notificationJobs);
    expect(mails).toHaveLength(before + 1);
    const mail = mails[mails.length - 1]!;
    expect(mail.subject).toBe('Weekly look · Demo Studio');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain(DEMO_ACCOUNTS.viewer);
    expect(mail.text).toContain('Daily players');
    expect(mail.text).toContain('DAU');
    expect(mail.attachments.filter((a) => a.contentType === 'image/png')).toHaveLength(2);
    expect(mail.attachments.filter((a) => a.filename?.endsWith('.csv'))).toHaveLength(2);
  }, 120_000);
});

describe('a subscription whose report is gone', () => {
  test('ends at its next digest, sending nothing', async () => {
    clock = Date.parse('2026-09-01T07:00:00Z');
    admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
    const saved = await call(server.app, admin, {
      method: 'POST',
      url: `/analytics/template/${APP}`,
      payload: { report, saveTemplate: true, id: null, title: 'Soon gone' },
    });
    const id = saved.json().template.id as string;
    const sub = await subscribe(admin, {
      target: { kind: 'report', appId: APP, id },
      schedule: { frequency: 'daily', hour: 8 },
      channels: { email: true, webhookId: null },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const deleted = await call(server.app, admin, { method: 'DELETE', url: `/analytics/template/${APP}/${id}` });
    expect(deleted.statusCode).toBe(200);
    const before = mails.length;
    clock = Date.parse('2026-09-01T08:00:10Z');
    expect(await scheduleDigests(ctx())).toHaveLength(1);
    await drainJobs(ctx(), notificationJobs);
    // (The dashboard subscription above is due again too; nothing is sent for the deleted report.)
    expect(mails.slice(before).map((m) => m.subject)).not.toContain('Soon gone · Demo Studio');
    const listed = (await call(server.app, admin, { method: 'GET', url: S })).json().subscriptions;
    expect(listed.map((s: { id: string }) => s.id)).not.toContain(sub.json().subscription.id);
  }, 120_000);
});

describe('a subscription whose only channel is gone', () => {
  test('a deleted webhook leaves it paused, sending nothing', async () => {
    clock = Date.parse('2026-10-01T07:00:00Z');
    admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
    const hooks = `/api/workspace/${DEMO_WORKSPACE_ID}/notifications/webhooks`;
    const hook = await call(server.app, admin, {
      method: 'POST',
      url: hooks,
      payload: { url: `${base}/only`, format: 'json', alerts: [], enabled: true },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const webhookId = hook.json().webhook.id as string;
    const sub = await subscribe(admin, {
      target: target(),
      schedule: { frequency: 'daily', hour: 8 },
      channels: { email: false, webhookId },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    expect((await call(server.app, admin, { method: 'DELETE', url: `${hooks}/${webhookId}` })).statusCode).toBe(200);
    const hitsBefore = hits.length;
    clock = Date.parse('2026-10-01T08:00:10Z');
    await scheduleDigests(ctx());
    await drainJobs(ctx(), notificationJobs);
    expect(hits.slice(hitsBefore).some((body) => body.includes('Daily players'))).toBe(false);
    const listed = (await call(server.app, admin, { method: 'GET', url: S })).json().subscriptions;
    expect(listed.find((s: { id: string }) => s.id === sub.json().subscription.id)).toMatchObject({
      paused: true,
      nextRunAt: null,
      webhookId: null,
      email: false,
    });
  }, 120_000);
});

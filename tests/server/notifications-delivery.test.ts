/**
 * Delivery proof (docs/notifications.md §Delivery): an alert fired by its real domain event — a quest capped by real
 * AppsFlyer postbacks through the partner's URL, its players started through the s2s route — reaches the bell, a real
 * SMTP server (the mailer SMTP_URL makes, pointed at an in-process `smtp-server`, parsed with `mailparser`) and a
 * local webhook receiver (ALLOW_HTTP_WEBHOOKS, its signature verified) exactly once per person and webhook, also when
 * the server stops in between:
 *   - between evaluation and delivery: the server that capped the quest delivers nothing after the commit (its
 *     events wait in the outbox, as after a kill -9); it is stopped, a fresh server context on the same database
 *     delivers the events and sends;
 *   - mid-delivery: the delivery jobs are claimed by a runner that never finishes (its server died holding them);
 *     another fresh context, once their lease ran out, sends each message once.
 */
import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import type { ServerContext } from '../../server/context';
import { deliverPendingEvents } from '../../server/events/outbox';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP } from '../../server/areas/acquire/seed';
import { postbackUrl } from '../../server/areas/postbacks/postbacks';
import { notificationJobs } from '../../server/areas/notifications/index';
import { EMAIL_JOB } from '../../server/areas/notifications/email';
import { WEBHOOK_JOB } from '../../server/areas/notifications/webhooks';
import { mailerFromEnv, type Mailer } from '../../server/providers/mailer';
import { drainJobs, LEASE_MS, runNextJob } from '../../server/jobs/queue';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

type Who = 'admin' | 'editor' | 'viewer';
type App = Awaited<ReturnType<typeof buildApp>> & { questboard: ServerContext };
const N = `/api/workspace/${DEMO_WORKSPACE_ID}/notifications`;
const QUESTS = `/api/app/${ACQUIRE_DEMO_APP}/acquire/quests`;
let clock = Date.now();
let smtp: SmtpCapture;
let mailer: Mailer;
const mails: ParsedMail[] = [];
let receiver: http.Server;
let base = '';
const hits: { path: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
/** The server that evaluates (fires the alert); it owns the database. */
let first: TestServer;
/** The fresh server contexts started on the same database after a stop. */
const fresh: App[] = [];
let secret = '';
let s2sKey = '';
const tokens = {} as Record<Who, string>;

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
  expect(mailer.kind).toBe('smtp');
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  // Delivery after commit off: the events wait in the outbox exactly as they would if this server died after its commit.
  first = await createTestServer({
    config: { allowHttpWebhooks: true },
    providers: { mailer },
    now: () => new Date(clock),
    events: { deliverAfterCommit: false },
  });
  for (const who of ['admin', 'editor', 'viewer'] as Who[]) tokens[who] = await signInAs(first.app, DEMO_ACCOUNTS[who]);
  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    first.app.inject({ method, url, headers: bearer(tokens.admin), ...(payload ? { payload } : {}) });
  const hook = await as('POST', `${N}/webhooks`, {
    url: `${base}/hook`,
    format: 'json',
    alerts: ['quest_capped'],
    enabled: true,
  });
  expect(hook.statusCode, hook.body).toBe(200);
  secret = hook.json().secret as string;
  const app = (await as('GET', `/api/app/${ACQUIRE_DEMO_APP}`)).json().data;
  s2sKey = (
    await as('POST', `/api/app/${ACQUIRE_DEMO_APP}/api-keys`, {
      ...app,
      apiKeys: [...app.apiKeys, { key: '', type: 's2s', status: 'active' }],
    })
  ).json().createdKey as string;
});
afterAll(async () => {
  for (const app of fresh) await app.close().catch(() => {});
  await first?.close();
  await smtp?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** A fresh server context on the first server's database (what a restarted process builds). */
async function restart(): Promise<App> {
  const app = (await buildApp({
    config: testConfig({ allowHttpWebhooks: true }),
    db: first.db,
    providers: { mailer },
    now: () => new Date(clock),
  })) as App;
  await app.ready();
  fresh.push(app);
  return app;
}

/** A live quest of one $0.50 step capped at $0.50, capped by two players' real postbacks (on the given server). */
async function capAQuest(app: TestServer['app'], name: string): Promise<string> {
  const as = (method: 'POST', url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(tokens.editor), ...(payload ? { payload } : {}) });
  const created = await as('POST', QUESTS, {
    name,
    countries: ['US'],
    dailyCap: 0.5,
    steps: [{ eventName: 'af_tutorial_completion', payout: 0.5, condition: null }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  expect((await as('POST', `${QUESTS}/${id}/publish`)).statusCode).toBe(200);
  const url = new URL(await postbackUrl(app.questboard, ACQUIRE_DEMO_APP, 'appsflyer'));
  for (const player of [`${id}-a`, `${id}-b`]) {
    const started = await app.inject({
      method: 'POST',
      url: `/api/s2s/${ACQUIRE_DEMO_APP}/quest-events`,
      headers: { 'x-questboard-key': s2sKey },
      payload: { eventId: `start-${player}`, questId: id, playerId: player, kind: 'start' },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const res = await app.inject({
      method: 'GET',
      url: url.pathname,
      query: {
        event_name: 'af_tutorial_completion',
        event_value: '{}',
        event_time: new Date(clock).toISOString().replace('T', ' ').slice(0, 19),
        // One device per player (a device shared by players is held as fraud: docs/acquire.md §Fraud holds).
        idfa: randomUUID().toUpperCase(),
        af_sub1: player,
        af_sub3: id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
}

const title = (quest: string) => `${quest} reached its daily cap`;
const bell = async (app: App, who: Who, quest: string) => {
  const res = await app.inject({ method: 'GET', url: N, headers: bearer(tokens[who]) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().notifications as { title: string }[]).filter((n) => n.title === title(quest));
};
const mailsTo = (email: string, quest: string) =>
  mails.filter(
    (m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email && m.subject?.startsWith(title(quest)),
  );
const hooksFor = (quest: string) =>
  hits.filter((h) => (JSON.parse(h.body) as { title: string }).title === title(quest));
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');
/** A receiver's check of `Questboard-Signature` (docs/notifications.md §Verifying a delivery). */
function verify(header: string, body: string) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected;
}

/** Exactly one of each: a bell entry for the admin and the editor (none for the viewer), one e-mail each, one webhook. */
async function expectDeliveredOnce(app: App, quest: string) {
  for (const who of ['admin', 'editor'] as Who[]) {
    expect(await bell(app, who, quest), who).toHaveLength(1);
    expect(mailsTo(DEMO_ACCOUNTS[who], quest), who).toHaveLength(1);
  }
  expect(await bell(app, 'viewer', quest)).toHaveLength(0);
  expect(mailsTo(DEMO_ACCOUNTS.viewer, quest)).toHaveLength(0);
  const [hook, ...more] = hooksFor(quest);
  expect(more).toHaveLength(0);
  expect(hook!.path).toBe('/hook');
  expect(verify(String(hook!.headers['questboard-signature']), hook!.body)).toBe(true);
  expect(hook!.headers['idempotency-key']).toMatch(/\S/);
  expect(JSON.parse(hook!.body)).toMatchObject({
    type: 'alert',
    alert: 'quest_capped',
    title: title(quest),
    appId: ACQUIRE_DEMO_APP,
  });
  const [mail] = mailsTo(DEMO_ACCOUNTS.editor, quest);
  expect(mail!.subject).toBe(`${title(quest)} · Demo Studio`);
  expect(mail!.html).toBe(false);
  expect(mail!.text).toMatch(/Dragon Merge \(iOS\): completions beyond the cap on \d{4}-\d{2}-\d{2} are counted/);
  expect(mail!.text).toContain(
    `Open in Questboard: http://127.0.0.1:8080/workspace/${DEMO_WORKSPACE_ID}/app/${ACQUIRE_DEMO_APP}/acquire/quests`,
  );
  const link = /Stop these e-mails \(one click\): (\S+)/.exec(mail!.text ?? '')?.[1];
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8080\/api\/notifications\/unsubscribe\?token=/);
  expect(header(mail!, 'List-Unsubscribe')).toBe(`<${link}>`);
  expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
}

/** Everything a running server would still do: its dispatcher delivers events, its workers send what is due. */
async function settle(app: App) {
  await deliverPendingEvents(app.questboard);
  await drainJobs(app.questboard, notificationJobs);
}

describe('an alert from its real domain event reaches the bell, SMTP and a webhook exactly once', () => {
  test('the server stops after the alert’s event commits, before delivery: a fresh context delivers it once', async () => {
    const quest = 'Delivery quest';
    await capAQuest(first.app, quest);
    const capped = await first.db.selectFrom('domain_events').select('id').where('name', '=', 'quest.capped').execute();
    expect(capped.length).toBeGreaterThan(0);
    // Committed, not delivered: nothing has reached anyone yet.
    expect(mailsTo(DEMO_ACCOUNTS.editor, quest)).toHaveLength(0);
    expect(hooksFor(quest)).toHaveLength(0);
    expect(await first.db.selectFrom('notifications').select('id').execute()).toHaveLength(0);

    // The evaluating server stops (its HTTP side and workers; the database stays).
    await first.app.close();
    const second = await restart();
    await settle(second);
    await expectDeliveredOnce(second, quest);

    // Running it all again (a re-delivered event, another worker) adds nothing.
    await settle(second);
    await expectDeliveredOnce(second, quest);
  });

  test('the delivery jobs are claimed by a server that dies: after their lease another context sends each once', async () => {
    const quest = 'Abandoned quest';
    const second = fresh[0]!;
    await capAQuest(second as unknown as TestServer['app'], quest);
    // The alert's transaction: bell entries, e-mails and the webhook delivery written; their jobs queued.
    await deliverPendingEvents(second.questboard);
    expect(await bell(second, 'editor', quest)).toHaveLength(1);
    const emails = await first.db
      .selectFrom('notification_emails')
      .select(['status'])
      .where('subject', 'like', `${title(quest)}%`)
      .execute();
    // One per admin and editor of the workspace, none sent yet.
    expect(emails.length).toBeGreaterThanOrEqual(2);
    expect(new Set(emails.map((e) => e.status))).toEqual(new Set(['pending']));

    // A runner claims each delivery job and never finishes: its server died holding them.
    const hang = () => new Promise<string>(() => {});
    for (let i = 0; i < 2; i++)
      void runNextJob(second.questboard, { handlers: { [EMAIL_JOB]: hang, [WEBHOOK_JOB]: hang } });
    await expect
      .poll(
        async () =>
          (
            await first.db
              .selectFrom('jobs')
              .select('kind')
              .where('kind', 'in', [EMAIL_JOB, WEBHOOK_JOB])
              .where('status', '=', 'running')
              .execute()
          ).length,
      )
      .toBe(2);
    await second.close();
    expect(mailsTo(DEMO_ACCOUNTS.editor, quest)).toHaveLength(0);
    expect(hooksFor(quest)).toHaveLength(0);

    // Another context, once the lease (and a claimed webhook delivery's two minutes) ran out.
    clock += Math.max(LEASE_MS, 2 * 60_000) + 60_000;
    const third = await restart();
    await settle(third);
    await expectDeliveredOnce(third, quest);
    await settle(third);
    await expectDeliveredOnce(third, quest);
  });
});

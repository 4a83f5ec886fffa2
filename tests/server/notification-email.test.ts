/**
 * Alerts by e-mail over real SMTP (docs/notifications.md §E-mail): the server's mailer is the one SMTP_URL makes
 * (nodemailer), pointed at an in-process `smtp-server`; what arrives is parsed with `mailparser`. An alert (a real
 * failed Process Data job) reaches each admin and editor once, as plain text with the alert's words, its link, a
 * signed unsubscribe link and the List-Unsubscribe / List-Unsubscribe-Post headers; the e-mail job run again sends
 * nothing twice; the one-click POST turns that alert's e-mails off (the bell keeps it), so the next failure sends
 * no e-mail; the link's page changes nothing until its button; a forged token is refused. A send that fails is
 * retried by a later job with a growing backoff and given up after a day.
 */
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { integrationJobs } from '../../server/areas/integrations/index';
import { notificationJobs, scheduleNotificationEmails } from '../../server/areas/notifications/index';
import { JOB_KINDS } from '../../server/areas/integrations/integrations';
import { mailerFromEnv, outboxMailer, type Mailer } from '../../server/providers/mailer';
import { drainJobs, enqueueJob } from '../../server/jobs/queue';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

let smtp: SmtpCapture;
const received: ParsedMail[] = [];
let server: TestServer;
let admin: string;
let pluginId: string;

beforeAll(async () => {
  smtp = await startSmtpCapture(received);
  const mailer = await mailerFromEnv(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Questboard <alerts@questboard.test>' },
    'http://127.0.0.1:8080',
    () => {},
  );
  expect(mailer.kind).toBe('smtp');
  server = await createTestServer({ providers: { mailer } });
  admin = await signInAs(server.app, DEMO_ACCOUNTS.admin);
  pluginId = (
    await server.db
      .selectFrom('plugins')
      .select('id')
      .where('app_id', '=', DEMO_APP_IDS.dragonMergeAndroid)
      .where('type', '=', 'BigQuery')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const ctx = () => server.app.questboard;
/** A Process Data job that fails for real (no analytics engine on this server), then the e-mail job. */
async function failAProcessingRun() {
  await enqueueJob(ctx(), {
    kind: JOB_KINDS.process,
    pluginId,
    appId: DEMO_APP_IDS.dragonMergeAndroid,
    payload: { start: '2026-01-01', end: '2026-01-01' },
  });
  await drainJobs(ctx(), integrationJobs);
  await drainJobs(ctx(), notificationJobs);
}
const alertsTo = (email: string) =>
  received.filter(
    (m) =>
      m.to && !Array.isArray(m.to) && m.to.value[0]?.address === email && (m.subject ?? '').startsWith('Process Data'),
  );
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines.find((h) => h.key === name.toLowerCase())?.line.replace(/^[^:]+:\s*/, '');
const prefs = async () =>
  (
    await server.app.inject({
      method: 'GET',
      url: `/api/workspace/${DEMO_WORKSPACE_ID}/notifications/preferences`,
      headers: bearer(admin),
    })
  ).json().alerts as { kind: string; enabled: boolean; email: boolean }[];

describe('alerts by e-mail over SMTP', () => {
  test('one plain-text message per person, with a signed unsubscribe link and the List-Unsubscribe headers', async () => {
    await failAProcessingRun();
    const [mail, ...more] = alertsTo(DEMO_ACCOUNTS.admin);
    expect(more).toHaveLength(0);
    expect(alertsTo(DEMO_ACCOUNTS.editor)).toHaveLength(1);
    expect(alertsTo(DEMO_ACCOUNTS.viewer)).toHaveLength(0);
    expect(mail!.subject).toBe('Process Data failed for BigQuery · Demo Studio');
    expect(mail!.html).toBe(false);
    expect(mail!.text).toContain('Dragon Merge (Android): The analytics engine is not running on this server.');
    expect(mail!.text).toContain(
      `Open in Questboard: http://127.0.0.1:8080/workspace/${DEMO_WORKSPACE_ID}/app/${DEMO_APP_IDS.dragonMergeAndroid}/integrations/BigQuery`,
    );
    const link = /Stop these e-mails \(one click\): (\S+)/.exec(mail!.text ?? '')?.[1];
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:8080\/api\/notifications\/unsubscribe\?token=/);
    expect(header(mail!, 'List-Unsubscribe')).toBe(`<${link}>`);
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // The e-mail job run again sends nothing twice.
    await drainJobs(ctx(), notificationJobs);
    expect(alertsTo(DEMO_ACCOUNTS.admin)).toHaveLength(1);
  });

  test('the link’s page asks first; the one-click POST turns that alert’s e-mails off, not the bell', async () => {
    const link = new URL(/Stop these e-mails \(one click\): (\S+)/.exec(alertsTo(DEMO_ACCOUNTS.admin)[0]!.text!)![1]!);
    const page = await server.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop e-mails for the alert “Process Data failed” in Demo Studio?');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    expect((await prefs()).find((p) => p.kind === 'process_failed')).toMatchObject({ enabled: true, email: true });

    const forged = await server.app.inject({
      method: 'POST',
      url: `${link.pathname}?token=${link.searchParams.get('token')!.slice(0, -2)}xx`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This unsubscribe link is not valid. Change your e-mail settings in Questboard.');

    // What a mail client sends for List-Unsubscribe-Post (RFC 8058), with no session.
    const done = await server.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You will get no more e-mails for the alert “Process Data failed” in Demo Studio.');
    expect((await prefs()).find((p) => p.kind === 'process_failed')).toMatchObject({ enabled: true, email: false });

    const inboxBefore = (
      await server.app.inject({
        method: 'GET',
        url: `/api/workspace/${DEMO_WORKSPACE_ID}/notifications`,
        headers: bearer(admin),
      })
    ).json().unread as number;
    await failAProcessingRun();
    expect(alertsTo(DEMO_ACCOUNTS.admin)).toHaveLength(1);
    expect(alertsTo(DEMO_ACCOUNTS.editor)).toHaveLength(2);
    const inboxAfter = (
      await server.app.inject({
        method: 'GET',
        url: `/api/workspace/${DEMO_WORKSPACE_ID}/notifications`,
        headers: bearer(admin),
      })
    ).json().unread as number;
    expect(inboxAfter).toBe(inboxBefore + 1);
  });
});

describe('a failed send', () => {
  let flaky: TestServer;
  let failing = true;
  let now = Date.now();
  beforeAll(async () => {
    const sandbox = outboxMailer();
    const mailer: Mailer = {
      kind: 'smtp',
      async send(db, message) {
        if (failing) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        await sandbox.send(db, message);
      },
    };
    flaky = await createTestServer({ providers: { mailer }, now: () => new Date(now) });
  });
  afterAll(() => flaky?.close());

  const emails = () =>
    flaky.db
      .selectFrom('notification_emails')
      .select(['to_email', 'status', 'attempts', 'last_error'])
      .where('to_email', '=', DEMO_ACCOUNTS.admin)
      .execute();

  test('is retried with a growing backoff (a later job, from the scheduler), and given up after a day', async () => {
    const plugin = await flaky.db
      .selectFrom('plugins')
      .select('id')
      .where('app_id', '=', DEMO_APP_IDS.dragonMergeAndroid)
      .where('type', '=', 'BigQuery')
      .executeTakeFirstOrThrow();
    const fail = async () => {
      await enqueueJob(flaky.app.questboard, {
        kind: JOB_KINDS.process,
        pluginId: plugin.id,
        appId: DEMO_APP_IDS.dragonMergeAndroid,
        payload: { start: '2026-01-01', end: '2026-01-01' },
      });
      await drainJobs(flaky.app.questboard, integrationJobs);
    };
    await fail();
    await drainJobs(flaky.app.questboard, notificationJobs);
    expect(await emails()).toEqual([
      {
        to_email: DEMO_ACCOUNTS.admin,
        status: 'pending',
        attempts: 1,
        last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      },
    ]);
    // Not due yet: nothing is tried; a minute later the scheduler's job sends it.
    expect(await scheduleNotificationEmails(flaky.app.questboard)).toEqual([]);
    failing = false;
    now += 61_000;
    expect(await scheduleNotificationEmails(flaky.app.questboard)).toHaveLength(1);
    await drainJobs(flaky.app.questboard, notificationJobs);
    expect(await emails()).toMatchObject([{ status: 'sent', attempts: 2 }]);
    const outbox = await flaky.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_email', '=', DEMO_ACCOUNTS.admin)
      .execute();
    expect(outbox.filter((m) => m.subject.startsWith('Process Data failed'))).toHaveLength(1);

    // A server that never answers: retried until the message is a day old, then failed.
    failing = true;
    await fail();
    for (let i = 0; i < 20; i++) {
      now += 3 * 3_600_000;
      await scheduleNotificationEmails(flaky.app.questboard);
      await drainJobs(flaky.app.questboard, notificationJobs);
    }
    const [, second] = await flaky.db
      .selectFrom('notification_emails')
      .select(['status', 'attempts'])
      .where('to_email', '=', DEMO_ACCOUNTS.admin)
      .orderBy('id')
      .execute();
    expect(second!.status).toBe('failed');
    expect(second!.attempts).toBeGreaterThan(5);
    // The alert's row on the person's page says so; the alerts whose e-mails went out do not.
    const prefs = await flaky.app.inject({
      method: 'GET',
      url: `/api/workspace/${DEMO_WORKSPACE_ID}/notifications/preferences`,
      headers: bearer(await signInAs(flaky.app, DEMO_ACCOUNTS.admin)),
    });
    const failingKinds = (prefs.json().alerts as { kind: string; deliveryFailing: boolean }[])
      .filter((alert) => alert.deliveryFailing)
      .map((alert) => alert.kind);
    expect(failingKinds).toEqual(['process_failed']);
  });
});

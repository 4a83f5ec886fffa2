/**
 * Delivery across a real `kill -9` (docs/notifications.md §Delivery): the server runs as its own process
 * (`server/main.ts`, the embedded database in a folder), an alert is fired by its real domain event (a quest capped by
 * real AppsFlyer postbacks through the partner's URL), and the process is killed with SIGKILL while its e-mail is
 * being sent: evaluated (the bell entries are committed), not delivered (the SMTP server holds the message and never
 * accepts it). A new process on the same folder delivers what was left once the killed server's claim on the message
 * ran out (EMAIL_CLAIM_LEASE_MS, a minute by default, 10 s here): each admin and editor gets exactly one accepted e-mail, the webhook
 * receiver exactly one accepted delivery, and the bell keeps one entry each. (The e-mail used to be sent inside the
 * claiming transaction, and a silent SMTP server froze the whole embedded server: this test found it.)
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../scripts/e2e-server';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP } from '../../server/areas/acquire/seed';

type Who = 'admin' | 'editor' | 'viewer';
const QUEST = 'Killed delivery quest';
const TITLE = `${QUEST} reached its daily cap`;
const N = `/api/workspace/${DEMO_WORKSPACE_ID}/notifications`;
const QUESTS = `/api/app/${ACQUIRE_DEMO_APP}/acquire/quests`;

let smtp: SmtpCapture;
/** E-mails the SMTP server accepted (answered 250), and those it was handed while it held its answer. */
const accepted: ParsedMail[] = [];
const held: ParsedMail[] = [];
let holding = true;
let receiver: http.Server;
const hooks: string[] = [];
let server: RunningServer | undefined;
const servers: RunningServer[] = [];
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  // The first e-mail of the quest's alert is held: the server is killed before it is answered.
  smtp = await startSmtpCapture(accepted, { hold: (mail) => holding && !!mail.subject?.startsWith(TITLE), held });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      hooks.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await server?.kill();
  await servers[0]?.stop(); // removes the folder
  await smtp?.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function start(dataDir?: string) {
  server = await startServer({
    apiOnly: true,
    quiet: true,
    demoEvents: 2_000,
    dataDir,
    timeoutMs: 300_000,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Questboard <alerts@questboard.test>',
      ALLOW_HTTP_WEBHOOKS: '1',
      DEMO_PLAYERS: '0',
      EMAIL_CLAIM_LEASE_MS: '10000',
    },
  });
  servers.push(server);
  return server;
}

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${server!.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

const bell = async (who: Who) =>
  ((await call('GET', N, tokens[who])).notifications as { title: string }[]).filter((n) => n.title === TITLE);
const mailsTo = (list: ParsedMail[], who: Who) =>
  list.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === DEMO_ACCOUNTS[who]);
const hooksOfQuest = () => hooks.filter((body) => (JSON.parse(body) as { title?: string }).title === TITLE);

test('a server killed with SIGKILL while it delivers an alert: the next process delivers each message once', async () => {
  await start();
  for (const who of ['admin', 'editor', 'viewer'] as Who[]) {
    tokens[who] = (
      await call('POST', '/api/auth/sign-in', null, { email: DEMO_ACCOUNTS[who], password: DEMO_PASSWORD })
    ).token as string;
  }
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await call('POST', `${N}/webhooks`, tokens.admin, {
    url: `${base}/hook`,
    format: 'json',
    alerts: ['quest_capped'],
    enabled: true,
  });
  const app = (await call('GET', `/api/app/${ACQUIRE_DEMO_APP}`, tokens.admin)).data as { apiKeys: unknown[] };
  const s2sKey = (
    await call('POST', `/api/app/${ACQUIRE_DEMO_APP}/api-keys`, tokens.admin, {
      ...app,
      apiKeys: [...app.apiKeys, { key: '', type: 's2s', status: 'active' }],
    })
  ).createdKey as string;

  // A live quest of one $0.50 step capped at $0.50, capped by two players' real postbacks.
  const created = await call('POST', QUESTS, tokens.editor, {
    name: QUEST,
    countries: ['US'],
    dailyCap: 0.5,
    steps: [{ eventName: 'af_tutorial_completion', payout: 0.5, condition: null }],
  });
  const questId = (created.data as { id: string }).id;
  await call('POST', `${QUESTS}/${questId}/publish`, tokens.editor);
  const postbacks = new URL(
    (await call('GET', `/api/app/${ACQUIRE_DEMO_APP}/postbacks/appsflyer/url`, tokens.editor)).url as string,
  );
  for (const player of [`${questId}-a`, `${questId}-b`]) {
    const started = await fetch(`${server!.url}/api/s2s/${ACQUIRE_DEMO_APP}/quest-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-questboard-key': s2sKey },
      body: JSON.stringify({ eventId: `start-${player}`, questId, playerId: player, kind: 'start' }),
    });
    expect(started.status, await started.text()).toBeLessThan(300);
    const query = new URLSearchParams({
      event_name: 'af_tutorial_completion',
      event_value: '{}',
      event_time: new Date().toISOString().replace('T', ' ').slice(0, 19),
      idfa: randomUUID().toUpperCase(), // one device per player (a shared device is held as fraud)
      af_sub1: player,
      af_sub3: questId,
    });
    const res = await fetch(`${server!.url}${postbacks.pathname}?${query.toString()}`);
    expect(res.status, await res.text()).toBe(200);
  }

  // Evaluated: the bell entries are committed. Delivering: the first e-mail is in the SMTP server's hands, unanswered.
  await expect.poll(() => held.length, { timeout: 60_000, interval: 200 }).toBe(1);
  expect((await bell('admin')).length + (await bell('editor')).length).toBe(2);
  expect(mailsTo(accepted, 'editor').filter((m) => m.subject?.startsWith(TITLE))).toHaveLength(0);
  const dataDir = server!.dataDir;
  await server!.kill();
  holding = false;

  // A new process on the same folder: what the killed one left is delivered, once.
  await start(dataDir);
  const ofQuest = (who: Who) => mailsTo(accepted, who).filter((m) => m.subject?.startsWith(TITLE));
  await expect
    .poll(() => ofQuest('admin').length + ofQuest('editor').length + hooksOfQuest().length, {
      timeout: 150_000,
      interval: 500,
    })
    .toBe(3);
  // Nothing more comes (the workers poll every second; the killed server's claim ran out before the resend).
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (const who of ['admin', 'editor'] as Who[]) {
    expect(ofQuest(who), who).toHaveLength(1);
    expect(await bell(who), who).toHaveLength(1);
  }
  expect(ofQuest('viewer')).toHaveLength(0);
  expect(await bell('viewer')).toHaveLength(0);
  expect(hooksOfQuest()).toHaveLength(1);
  expect(JSON.parse(hooksOfQuest()[0]!)).toMatchObject({ type: 'alert', alert: 'quest_capped', title: TITLE });
}, 600_000);

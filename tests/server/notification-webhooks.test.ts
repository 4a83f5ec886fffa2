/**
 * Webhooks (docs/notifications.md §Webhooks): a real alert (an invitation accepted through the API) reaches an
 * in-process HTTP receiver exactly once, signed so the receiver can verify it, with its delivery id as Idempotency-Key;
 * a failing receiver is retried with a doubling backoff until the delivery is a day old, then the webhook shows
 * "Delivery failing"; a lost job is picked up again by the scheduler; URLs to private or local addresses are refused
 * when saved and at delivery; bad bodies are 400; editors and viewers are refused.
 */
import http from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { alertInvitationAccepted, notificationJobs } from '../../server/areas/notifications/index';
import { scheduleWebhookDeliveries } from '../../server/areas/notifications/index';
import { WEBHOOK_JOB } from '../../server/areas/notifications/webhooks';
import { addressProblem } from '../../server/providers/safe-post';
import { drainJobs } from '../../server/jobs/queue';
import { runScheduledTasks } from '../../server/jobs/scheduler';
import type { DomainEvent } from '../../src/contracts/domain-events';
import { bearer, createTestServer, signInAs, type TestServer } from './helpers';

type Who = 'admin' | 'editor' | 'viewer';
const H = `/api/workspace/${DEMO_WORKSPACE_ID}/notifications/webhooks`;
let server: TestServer;
let clock = Date.now();
const tokens = {} as Record<Who, string>;

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let receiver: http.Server;
let base = '';

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (req.url?.startsWith('/fail')) res.writeHead(500).end('x'.repeat(100_000));
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await createTestServer({ config: { allowHttpWebhooks: true }, now: () => new Date(clock) });
  for (const who of ['admin', 'editor', 'viewer'] as Who[])
    tokens[who] = await signInAs(server.app, DEMO_ACCOUNTS[who]);
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const ctx = () => server.app.questboard;
const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  who: Who = 'admin',
): Promise<LightMyRequestResponse> =>
  server.app.inject({ method, url, headers: bearer(tokens[who]), ...(payload === undefined ? {} : { payload }) });
const create = async (url: string, alerts = ['invitation_accepted'], format = 'json') => {
  const res = await api('POST', H, { url, format, alerts, enabled: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { webhook: { id: string; failing: boolean }; secret: string };
};
const remove = async (id: string) => expect((await api('DELETE', `${H}/${id}`)).statusCode).toBe(200);
const deliver = () => drainJobs(ctx(), notificationJobs);

/** Checks a `Questboard-Signature` header as a receiver would (docs/notifications.md §Verifying a delivery). */
function verify(secret: string, header: string, body: string) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

let joiners = 0;
/** An invitation sent and accepted through the API: fires `member.joined` and so the alert. */
async function acceptAnInvitation(): Promise<string> {
  const email = `hook.joiner${++joiners}@demostudio.dev`;
  const invited = await api('POST', `/api/workspace/${DEMO_WORKSPACE_ID}/team/invite`, { email, role: 'editor' });
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
    payload: { firstName: 'Hook', lastName: `Joiner${joiners}`, password: 'a-long-and-unusual-passphrase-42' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return email;
}
async function lastJoined(): Promise<DomainEvent<'member.joined'>> {
  const row = await server.db
    .selectFrom('domain_events')
    .select(['id', 'payload', 'created_at'])
    .where('name', '=', 'member.joined')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { id: row.id, name: 'member.joined', payload: row.payload, at: new Date(row.created_at), by: null } as never;
}

describe('an alert reaches a webhook', () => {
  test('exactly once, signed, with its delivery id as Idempotency-Key, in both formats', async () => {
    const json = await create(`${base}/json`);
    const slack = await create(`${base}/slack`, ['invitation_accepted'], 'slack');
    const other = await create(`${base}/other`, ['quest_capped']);
    received.length = 0;
    const email = await acceptAnInvitation();
    await deliver();
    expect(received.map((r) => r.path).sort()).toEqual(['/json', '/slack']);

    const hit = received.find((r) => r.path === '/json')!;
    expect(hit.headers['content-type']).toBe('application/json');
    expect(verify(json.secret, String(hit.headers['questboard-signature']), hit.body)).toBe(true);
    expect(verify(slack.secret, String(hit.headers['questboard-signature']), hit.body)).toBe(false);
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({
      id: hit.headers['idempotency-key'],
      type: 'alert',
      alert: 'invitation_accepted',
      title: `Hook Joiner${joiners} accepted the invitation`,
      text: `${email} joined the workspace as editor.`,
      workspace: { id: DEMO_WORKSPACE_ID, name: 'Demo Studio' },
    });
    const slackHit = received.find((r) => r.path === '/slack')!;
    expect(verify(slack.secret, String(slackHit.headers['questboard-signature']), slackHit.body)).toBe(true);
    const slackBody = JSON.parse(slackHit.body);
    expect(slackBody.text).toBe(
      `Hook Joiner${joiners} accepted the invitation: ${email} joined the workspace as editor.`,
    );
    expect(slackBody.blocks[0]).toMatchObject({ type: 'section', text: { type: 'mrkdwn' } });

    // At least once from the outbox, never twice for one period: the reaction again and the job again add nothing.
    await alertInvitationAccepted(ctx(), await lastJoined());
    await deliver();
    expect(received).toHaveLength(2);

    const deliveries = await api('GET', `${H}/${json.webhook.id}/deliveries`);
    expect(deliveries.statusCode).toBe(200);
    expect(deliveries.json().deliveries).toEqual([
      expect.objectContaining({
        id: hit.headers['idempotency-key'],
        kind: 'invitation_accepted',
        status: 'delivered',
        httpStatus: 204,
        attempts: 1,
      }),
    ]);
    // The secret is never answered again.
    const list = await api('GET', H);
    expect(list.body).not.toContain(json.secret);
    expect(JSON.stringify(await server.db.selectFrom('notification_webhooks').selectAll().execute())).not.toContain(
      json.secret,
    );
    for (const hook of [json, slack, other]) await remove(hook.webhook.id);
  });

  test('a test delivery is a real request, its answer shown; a rolled secret signs the next one', async () => {
    const hook = await create(`${base}/test`);
    received.length = 0;
    const tested = await api('POST', `${H}/${hook.webhook.id}/test`);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().delivery).toMatchObject({ kind: 'test', status: 'delivered', httpStatus: 204, attempts: 1 });
    expect(received).toHaveLength(1);
    expect(verify(hook.secret, String(received[0]!.headers['questboard-signature']), received[0]!.body)).toBe(true);

    const rolled = await api('POST', `${H}/${hook.webhook.id}/secret`);
    expect(rolled.statusCode).toBe(200);
    const secret = rolled.json().secret as string;
    expect(secret).not.toBe(hook.secret);
    await api('POST', `${H}/${hook.webhook.id}/test`);
    expect(verify(secret, String(received[1]!.headers['questboard-signature']), received[1]!.body)).toBe(true);
    expect(verify(hook.secret, String(received[1]!.headers['questboard-signature']), received[1]!.body)).toBe(false);
    await remove(hook.webhook.id);
  });
});

describe('a failing receiver', () => {
  test('is retried with a doubling backoff for a day, then the delivery fails and the webhook is "failing"', async () => {
    const hook = await create(`${base}/fail`);
    received.length = 0;
    await acceptAnInvitation();
    await deliver();
    expect(received).toHaveLength(1);
    const row = () =>
      server.db
        .selectFrom('notification_webhook_deliveries')
        .selectAll()
        .where('webhook_id', '=', hook.webhook.id)
        .executeTakeFirstOrThrow();
    const first = await row();
    expect(first).toMatchObject({ status: 'pending', attempts: 1, http_status: 500 });
    expect(first.last_error).toBe('The receiver answered HTTP 500.');
    const gaps: number[] = [];
    let previous = first.last_attempt_at!.getTime();
    for (let i = 0; i < 30; i++) {
      const current = await row();
      if (current.status !== 'pending') break;
      clock = current.next_attempt_at.getTime() + 1_000;
      await runScheduledTasks(ctx(), [scheduleWebhookDeliveries]);
      await deliver();
      const after = await row();
      gaps.push(Math.round((after.last_attempt_at!.getTime() - previous) / 60_000));
      previous = after.last_attempt_at!.getTime();
    }
    const last = await row();
    expect(last.status).toBe('failed');
    expect(gaps.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(last.last_attempt_at!.getTime() - last.created_at.getTime()).toBeLessThanOrEqual(24 * 3_600_000);
    // Every attempt is the same delivery: one idempotency key.
    expect(new Set(received.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(received).toHaveLength(last.attempts);
    const list = await api('GET', H);
    expect(list.json().webhooks.find((w: { id: string }) => w.id === hook.webhook.id).failing).toBe(true);

    // Fixed: a successful test delivery clears it.
    const fixed = await api('PUT', `${H}/${hook.webhook.id}`, {
      url: `${base}/fixed`,
      format: 'json',
      alerts: ['invitation_accepted'],
      enabled: true,
    });
    expect(fixed.json().webhook.failing).toBe(true);
    const retested = (await api('POST', `${H}/${hook.webhook.id}/test`)).json();
    expect(retested.delivery.status, JSON.stringify(retested)).toBe('delivered');
    expect(retested.webhook.failing).toBe(false);
    clock = Date.now();
    await remove(hook.webhook.id);
  });

  test('a delivery whose job was lost (a killed server) is sent by the next scheduler tick', async () => {
    const hook = await create(`${base}/resume`);
    received.length = 0;
    await acceptAnInvitation();
    // The server dies before the job runs: the job is gone, the delivery row is not.
    await server.db.deleteFrom('jobs').where('kind', '=', WEBHOOK_JOB).execute();
    await deliver();
    expect(received).toHaveLength(0);
    await runScheduledTasks(ctx(), [scheduleWebhookDeliveries]);
    await deliver();
    expect(received.map((r) => r.path)).toEqual(['/resume']);
    await remove(hook.webhook.id);
  });
});

describe('no SSRF', () => {
  test.each([
    'https://10.0.0.1/hook',
    'https://172.16.5.4/hook',
    'https://192.168.1.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hook',
    'https://0.0.0.0/hook',
    'https://224.0.0.1/hook',
    'https://[fd00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
  ])('%s is refused when saved', async (url) => {
    const res = await api('POST', H, { url, format: 'json', alerts: [], enabled: true });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/^This URL cannot receive webhooks: .*(private or local network address)/);
  });

  test('without ALLOW_HTTP_WEBHOOKS: http, and a name resolving to 127.0.0.1, are refused when saved and at delivery', async () => {
    const hook = await create(`http://localhost:${new URL(base).port}/rebound`);
    ctx().config.allowHttpWebhooks = false;
    try {
      const http = await api('POST', H, { url: 'http://example.com/hook', format: 'json', alerts: [], enabled: true });
      expect(http.statusCode).toBe(400);
      expect(http.json().message).toBe('url: Enter a URL that starts with https://.');
      const loopback = await api('POST', H, { url: `${base}/x`, format: 'json', alerts: [], enabled: true });
      expect(loopback.statusCode).toBe(400);
      expect(loopback.json().message).toBe('This URL cannot receive webhooks: only https URLs are allowed.');
      const local = await api('POST', H, {
        url: `https://localhost:${new URL(base).port}/hook`,
        format: 'json',
        alerts: [],
        enabled: true,
      });
      expect(local.statusCode).toBe(400);
      expect(local.json().message).toMatch(/^This URL cannot receive webhooks: localhost resolves to/);
      // Saved while allowed; at delivery the address is checked again and nothing is sent.
      received.length = 0;
      const tested = await api('POST', `${H}/${hook.webhook.id}/test`);
      expect(tested.json().delivery).toMatchObject({ status: 'failed', httpStatus: null });
      expect(tested.json().delivery.error).toMatch(/^Refused: /);
      expect(received).toHaveLength(0);
    } finally {
      ctx().config.allowHttpWebhooks = true;
    }
    await remove(hook.webhook.id);
  });

  test('the address rules', () => {
    const strict = { allowLoopback: false };
    expect(addressProblem('8.8.8.8', strict)).toBeNull();
    expect(addressProblem('2606:4700:4700::1111', strict)).toBeNull();
    for (const address of ['127.0.0.1', '::1', '10.1.2.3', '100.127.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', 'fc00::1'])
      expect(addressProblem(address, strict), address).not.toBeNull();
    expect(addressProblem('127.0.0.1', { allowLoopback: true })).toBeNull();
  });
});

describe('rules and roles', () => {
  test('bad bodies are 400, never 500', async () => {
    const good = { url: 'https://hooks.example.com/x', format: 'json', alerts: [], enabled: true };
    for (const body of [
      ['not an object'],
      { ...good, url: 'ftp://hooks.example.com/x' },
      { ...good, url: 'not a url' },
      { ...good, url: `https://hooks.example.com/${'a'.repeat(3000)}` },
      { ...good, url: 'https://user:pass@hooks.example.com/x' },
      { ...good, format: 'xml' },
      { ...good, alerts: ['nope'] },
      { ...good, alerts: Array(50).fill('quest_capped') },
      { ...good, enabled: 'yes' },
      { url: good.url },
    ]) {
      const res = await api('POST', H, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api('PUT', `${H}/not-a-webhook`, good)).statusCode).toBe(404);
  });

  test('at most 5 webhooks in a workspace', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await create(`${base}/n${i}`));
    const sixth = await api('POST', H, { url: `${base}/n6`, format: 'json', alerts: [], enabled: true });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe('A workspace has at most 5 webhooks. Delete one to add another.');
    for (const hook of made) await remove(hook.webhook.id);
  });

  test('editors and viewers are refused', async () => {
    for (const who of ['editor', 'viewer'] as Who[]) {
      expect((await api('GET', H, undefined, who)).statusCode).toBe(403);
      const res = await api('POST', H, { url: `${base}/x`, format: 'json', alerts: [], enabled: true }, who);
      expect(res.statusCode).toBe(403);
    }
  });

  test('a created, changed and deleted webhook is in the activity log, its URL path left out', async () => {
    const hook = await create(`${base}/activity/secret-path`);
    await api('PUT', `${H}/${hook.webhook.id}`, {
      url: `${base}/activity/secret-path`,
      format: 'slack',
      alerts: [],
      enabled: false,
    });
    await remove(hook.webhook.id);
    const rows = await server.db
      .selectFrom('activity')
      .select(['verb', 'object_name', 'changes'])
      .where('object_id', '=', hook.webhook.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.verb)).toEqual(['webhook.created', 'webhook.changed', 'webhook.deleted']);
    expect(rows[0]!.object_name).toBe(new URL(base).host);
    expect(JSON.stringify(rows)).not.toContain('secret-path');
  });
});

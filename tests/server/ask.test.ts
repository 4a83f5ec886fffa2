/**
 * "Ask Analyze in plain words" API (POST /api/app/:appId/analyze/ask, server/areas/ask/ask.ts) on the embedded database
 * with a small event store: a question becomes a report that the ordinary run endpoint (the compiler) runs; words it
 * cannot place come back with suggestions; Analyze not enabled → 409. With a language model configured (a local fake
 * OpenAI-compatible server answering the chat-completion fixture), only the question and the catalogue are sent, its
 * answer is taken when it is a catalogue report, and the offline answer is used when it is not or the call fails.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { isRight } from 'fp-ts/Either';
import { AskResponse } from '../../src/contracts/ask';
import { DEMO_ACCOUNTS, DEMO_APP_IDS } from '../../server/demo/seed';
import { call, signInAs } from './helpers';
import { ANALYTICS_END, ANALYTICS_START, createAnalyticsTestServer, type AnalyticsTestServer } from './analyze-helpers';

const APP = DEMO_APP_IDS.dragonMergeAndroid;
const RECORDED = readFileSync(new URL('../fixtures/ask/chat-completion.json', import.meta.url), 'utf8');

let offline: AnalyticsTestServer;
let withModel: AnalyticsTestServer;
let fake: Server;
let answer: (req: IncomingMessage, body: string) => { status: number; body: string } = () => ({
  status: 200,
  body: RECORDED,
});
const received: { url: string; authorization: string | undefined; body: string }[] = [];
let viewer: string;
let viewerWithModel: string;

beforeAll(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ url: req.url ?? '', authorization: req.headers.authorization, body });
      const out = answer(req, body);
      res.writeHead(out.status, { 'content-type': 'application/json' }).end(out.body);
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  const now = () => new Date(`${ANALYTICS_END}T10:00:00Z`);
  offline = await createAnalyticsTestServer({ now });
  withModel = await createAnalyticsTestServer({
    now,
    config: {
      askModel: { url: `http://127.0.0.1:${port}/v1`, key: 'sk-test-key', name: 'gpt-4o-mini', timeoutMs: 2000 },
    },
  });
  [viewer, viewerWithModel] = await Promise.all([
    signInAs(offline.app, DEMO_ACCOUNTS.viewer),
    signInAs(withModel.app, DEMO_ACCOUNTS.viewer),
  ]);
});
afterAll(async () => {
  await offline?.close();
  await withModel?.close();
  await new Promise((resolve) => fake?.close(resolve));
});

const ask = (server: AnalyticsTestServer, token: string, question: string, appId: string = APP) =>
  call(server.app, token, { method: 'POST', url: `/api/app/${appId}/analyze/ask`, payload: { question } });

describe('offline', () => {
  test('a viewer asks; the report runs through the ordinary run endpoint', async () => {
    const res = await ask(offline, viewer, 'retention d1 and d7 by country for the last 30 days, only Android');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(isRight(AskResponse.decode(body))).toBe(true);
    expect(body).toMatchObject({
      success: true,
      source: 'parser',
      sort_chosen: false,
      model_name: 'Daily Metrics',
      today: ANALYTICS_END,
      unplaced: [],
    });
    expect(body.available).toEqual({ start_date: ANALYTICS_START, end_date: ANALYTICS_END });
    expect(body.report.configuration.select.map((m: { column_name: string }) => m.column_name)).toEqual([
      'retention_d1',
      'retention_d7',
    ]);
    expect(body.report.configuration.date_range).toEqual([
      { date_start: '2025-06-01', date_end: ANALYTICS_END, model_id: 'daily_metrics' },
    ]);

    const run = await call(offline.app, viewer, {
      method: 'POST',
      url: `/analytics/template/${APP}`,
      payload: { report: body.report, saveTemplate: false },
    });
    expect(run.statusCode).toBe(200);
    // the condition reached SQL only as a bound value of the compiler
    expect(Object.values(run.json().compiled.params)).toContain('ANDROID');
    expect(run.json().compiled.sql).not.toContain('ANDROID');
    expect(run.json().row_count).toBeGreaterThan(0);
  });

  test('what it cannot place: success false, the words, suggestions', async () => {
    const res = await ask(offline, viewer, 'whales by country');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'I could not find a metric in that question. Pick one of the suggestions or ask again in other words.',
      unplaced: [{ text: 'whales', message: "'whales' is not a metric I know." }],
    });
    expect(res.json().unplaced[0].suggestions.map((s: { column_name: string }) => s.column_name)).toEqual([
      'payers',
      'iap_revenue',
      'conversion_rate',
    ]);
  });

  test("words that are JavaScript object keys ('__proto__', 'constructor', 'toString') answer 200: not understood, said in words", async () => {
    for (const question of ['__proto__', 'constructor by country', 'toString', 'dau by country excluding __proto__']) {
      const res = await ask(offline, viewer, question);
      expect(res.statusCode).toBe(200);
      expect(isRight(AskResponse.decode(res.json()))).toBe(true);
      expect(
        res
          .json()
          .unplaced.map((u: { text: string }) => u.text)
          .join(' '),
      ).toMatch(/__proto__|constructor|toString/);
    }
    expect((await ask(offline, viewer, 'constructor by country')).json()).toMatchObject({
      success: false,
      message: 'I could not find a metric in that question. Pick one of the suggestions or ask again in other words.',
      unplaced: [{ text: 'constructor', message: "'constructor' is not a metric I know." }],
    });
    expect((await ask(offline, viewer, 'dau by country excluding __proto__')).json()).toMatchObject({
      success: true,
      unplaced: [{ text: '__proto__' }],
    });
  });

  test('an empty question is refused; an app without Analyze answers 409', async () => {
    const empty = await ask(offline, viewer, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, message: 'Type a question.' });
    const notEnabled = await ask(offline, viewer, 'dau by day', DEMO_APP_IDS.pixelRacer);
    expect(notEnabled.statusCode).toBe(409);
    expect(notEnabled.json().message).toBe(
      'Analyze is not enabled for this app. Run a processing job to activate the Analyze section.',
    );
  });
});

describe('with a language model', () => {
  test('sends the question and the catalogue (never the data) and keeps a catalogue answer', async () => {
    received.length = 0;
    answer = () => ({ status: 200, body: RECORDED });
    const res = await ask(withModel, viewerWithModel, 'd1 and d7 retention per country in june, android only');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, source: 'model', unplaced: [] });
    const report = res.json().report;
    expect(report.configuration.select.map((m: { label: string }) => m.label)).toEqual([
      'Retention D1',
      'Retention D7',
    ]);
    expect(report.configuration.where[0]).toMatchObject({
      column_name: 'platform',
      value: 'ANDROID',
      data_type: 'STRING',
    });

    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/v1/chat/completions');
    expect(received[0]!.authorization).toBe('Bearer sk-test-key');
    const sent = JSON.parse(received[0]!.body);
    expect(sent.model).toBe('gpt-4o-mini');
    const user = JSON.parse(sent.messages[1].content);
    expect(user.question).toBe('d1 and d7 retention per country in june, android only');
    expect(user.models.map((m: { id: string }) => m.id)).toEqual(['daily_metrics', 'events']);
    // no data: no sample values, no data range, no app or workspace
    expect(sent.messages[1].content).not.toContain('sample_value');
    expect(received[0]!.body).not.toContain(ANALYTICS_START);
    expect(received[0]!.body).not.toContain('ANDROID');
    expect(received[0]!.body).not.toContain(APP);
  });

  test('an answer naming a column the catalogue lacks is refused: the offline answer is used', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    answer = () => ({ status: 200, body: RECORDED.replace('retention_d7', 'whale_score') });
    const res = await ask(withModel, viewerWithModel, 'dau by country');
    expect(res.json()).toMatchObject({ source: 'parser', success: true });
    expect(res.json().report.configuration.select.map((m: { column_name: string }) => m.column_name)).toEqual(['dau']);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  test('prose, a server error or a slow model fall back to the offline answer', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const out of [
      { status: 200, body: RECORDED.replace(/"content": ".*",\n/, '"content": "Sure! Here is your report.",\n') },
      { status: 500, body: '{"error":{"message":"The server had an error","type":"server_error"}}' },
    ]) {
      answer = () => out;
      const res = await ask(withModel, viewerWithModel, 'installs by platform');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ source: 'parser', success: true });
    }
    warn.mockRestore();
  });
});

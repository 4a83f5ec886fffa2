/**
 * The optional language model of "Ask Analyze in plain words" (server/areas/ask/model.ts): the adapter reads the
 * recorded chat-completion answer through an injected fetch, and a proposal is accepted only as a report of the
 * catalogue (a known model, its metrics and columns, comparisons its types allow, sort on chosen columns, a valid
 * limit, real dates), with the catalogue's own labels and types.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { acceptProposal, askMessages, openAiAskModel } from '../../../server/areas/ask/model';
import { DEMO_MODELS, TODAY } from '../../../scripts/ask-questions';

const RECORDED = readFileSync(new URL('../../fixtures/ask/chat-completion.json', import.meta.url), 'utf8');
const proposal = () =>
  JSON.parse(JSON.parse(RECORDED).choices[0].message.content) as {
    model_id: string;
    configuration: Record<string, any>;
  };

test('the adapter posts the question and the catalogue and returns the proposal of the recorded answer', async () => {
  const requests: { url: string; body: any; headers: Headers }[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    requests.push({
      url: String(url as string | URL),
      body: JSON.parse(String(init?.body as string | undefined)),
      headers: new Headers(init?.headers),
    });
    return new Response(RECORDED, { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const model = openAiAskModel(
    { url: 'http://model.invalid/v1', key: 'sk-x', name: 'gpt-4o-mini', timeoutMs: 1000 },
    fetchImpl,
  );
  expect(await model.propose('retention by country', DEMO_MODELS, TODAY)).toEqual(proposal());
  expect(requests[0]!.url).toBe('http://model.invalid/v1/chat/completions');
  expect(requests[0]!.headers.get('authorization')).toBe('Bearer sk-x');
  expect(requests[0]!.body).toMatchObject({
    model: 'gpt-4o-mini',
    temperature: 0,
    response_format: { type: 'json_object' },
  });
});

test('what is sent holds no data: no samples, no date range', () => {
  const user = askMessages('dau', DEMO_MODELS, TODAY)[1]!.content;
  expect(user).not.toContain('sample_value');
  expect(user).not.toContain('IOS');
  expect(user).not.toContain('2026-03-18');
  expect(JSON.parse(user).models[0].metrics[0]).toEqual({
    column_name: 'new_users',
    label: 'New Users',
    data_type: 'INT64',
    description: expect.any(String),
  });
});

describe('accepting a proposal', () => {
  test('a catalogue report is taken with the catalogue labels, types and model ids', () => {
    const accepted = acceptProposal(proposal(), DEMO_MODELS);
    expect(accepted?.model.id).toBe('daily_metrics');
    expect(accepted?.report.configuration.select.map((m) => [m.column_name, m.label, m.model_id])).toEqual([
      ['retention_d1', 'Retention D1', 'daily_metrics'],
      ['retention_d7', 'Retention D7', 'daily_metrics'],
    ]);
    expect(accepted?.report.configuration.group_by[0]).toMatchObject({
      column_name: 'country',
      label: 'Country',
      sample_value: 'US',
    });
  });

  const broken: [string, (p: ReturnType<typeof proposal>) => unknown][] = [
    ['prose', () => 'Here is your report'],
    ['an unknown model', (p) => ({ ...p, model_id: 'whales' })],
    [
      'a metric the model lacks',
      (p) => ({
        ...p,
        configuration: { ...p.configuration, select: [{ ...p.configuration.select[0], column_name: 'event_count' }] },
      }),
    ],
    ['no metric', (p) => ({ ...p, configuration: { ...p.configuration, select: [] } })],
    [
      'two group-by columns',
      (p) => ({
        ...p,
        configuration: { ...p.configuration, group_by: [...p.configuration.group_by, ...p.configuration.group_by] },
      }),
    ],
    [
      'a filter column the model lacks',
      (p) => ({
        ...p,
        configuration: {
          ...p.configuration,
          where: [{ ...p.configuration.where[0], label: 'event_name', column_name: 'event_name' }],
        },
      }),
    ],
    [
      'a comparison the type does not allow',
      (p) => ({
        ...p,
        configuration: { ...p.configuration, where: [{ ...p.configuration.where[0], comparison: 'greater_than' }] },
      }),
    ],
    [
      'a sort on a column not chosen',
      (p) => ({ ...p, configuration: { ...p.configuration, order_by: [{ column_name: 'dau', order: 'DESC' }] } }),
    ],
    ['a limit out of range', (p) => ({ ...p, configuration: { ...p.configuration, limit: [{ value: 50_000 }] } })],
    [
      'a date that does not exist',
      (p) => ({
        ...p,
        configuration: { ...p.configuration, date_range: [{ date_start: '2026-02-30', date_end: '2026-03-01' }] },
      }),
    ],
    [
      'dates the wrong way round',
      (p) => ({
        ...p,
        configuration: { ...p.configuration, date_range: [{ date_start: '2026-03-02', date_end: '2026-03-01' }] },
      }),
    ],
  ];
  test.each(broken)('%s is refused', (_, change) => {
    expect(acceptProposal(change(proposal()), DEMO_MODELS)).toBeNull();
  });
});

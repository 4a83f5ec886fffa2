/**
 * Pure pieces of the activity log (docs/activity.md): the before → after of two versions (changesOf), the card-number
 * rule of the masking, and the CSV download (one record per changed field, formula-safe, RFC 4180).
 */
import { describe, expect, it } from 'vitest';
import { changesOf } from '../../src/contracts/domain-events';
import { isCardNumber } from '../../src/contracts/secrets';
import { activityCsv } from '../../src/lib/activity-csv';
import type { ActivityEntry } from '../../src/contracts/activity';
import { dayRange, markersOf } from '../../src/views/activity/chart-markers';
import { HISTORY_SHOWN, historyList } from '../../src/views/activity/object-history';

describe('changesOf', () => {
  it('lists the fields that differ, in the given order; lists and objects compare by their JSON', () => {
    expect(changesOf({ name: 'A', steps: [1, 2], cap: 5 }, { name: 'B', steps: [1, 2], cap: 5 })).toEqual([
      { field: 'name', before: 'A', after: 'B' },
    ]);
    expect(changesOf({ steps: [1] }, { steps: [1, 2] })).toEqual([{ field: 'steps', before: '[1]', after: '[1,2]' }]);
    expect(changesOf({ a: 1, b: 2 }, { a: 2, b: 3 }, ['b', 'a']).map((c) => c.field)).toEqual(['b', 'a']);
  });

  it('objects compare by value, whatever the order of their keys (jsonb reorders them)', () => {
    const written = {
      steps: [{ eventName: 'level_up', payout: 1.5, condition: { param: 'level', op: '>=', value: 5 } }],
    };
    const readBack = {
      steps: [{ condition: { value: 5, op: '>=', param: 'level' }, payout: 1.5, eventName: 'level_up' }],
    };
    expect(changesOf(written, readBack)).toEqual([]);
    expect(changesOf(written, { steps: [{ ...readBack.steps[0], payout: 2 }] })).toEqual([
      {
        field: 'steps',
        before: '[{"condition":{"op":">=","param":"level","value":5},"eventName":"level_up","payout":1.5}]',
        after: '[{"condition":{"op":">=","param":"level","value":5},"eventName":"level_up","payout":2}]',
      },
    ]);
  });

  it('a creation has every field after; a removal every field before', () => {
    expect(changesOf(null, { role: 'viewer' })).toEqual([{ field: 'role', before: null, after: 'viewer' }]);
    expect(changesOf({ role: 'viewer' }, null)).toEqual([{ field: 'role', before: 'viewer', after: null }]);
    expect(changesOf({ role: 'viewer' }, { role: 'viewer' })).toEqual([]);
  });
});

describe('isCardNumber', () => {
  it('is a Luhn-valid run of 13–19 digits, spaces or dashes allowed', () => {
    expect(isCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(isCardNumber('4242-4242-4242-4242')).toBe(true);
    expect(isCardNumber('4242 4242 4242 4241')).toBe(false);
    expect(isCardNumber('visa •••• 4242')).toBe(false);
    expect(isCardNumber('123456789012')).toBe(false);
  });
});

describe('activityCsv', () => {
  const entry: ActivityEntry = {
    id: '7',
    at: '2026-11-26T10:05:00.000Z',
    actor: { accountId: 'a1', name: '=HYPERLINK("x")' },
    area: 'acquire',
    verb: 'quest.draft_saved',
    appId: 'app-1',
    object: { type: 'quest', id: 'q1', name: 'Dragon, "Tamer"' },
    changes: [
      { field: 'dailyCap', before: 100, after: 150 },
      { field: 'name', before: null, after: '+cmd' },
    ],
  };

  it('writes one record per changed field, the entry repeated, the app by name, formulas neutralised', () => {
    const csv = activityCsv([entry], (id) => (id === 'app-1' ? 'Dragon Merge' : id));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Who,Area,Verb,Object type,Object,App,Field,Before,After');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(
      `2026-11-26 10:05:00,"'=HYPERLINK(""x"")",acquire,quest.draft_saved,quest,"Dragon, ""Tamer""",Dragon Merge,dailyCap,100,150`,
    );
    expect(lines[2]!.endsWith(",name,,'+cmd")).toBe(true);
  });

  it('an entry without changes is still one record', () => {
    expect(
      activityCsv([{ ...entry, changes: [] }])
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(2);
  });
});

describe('chart markers', () => {
  const at = (verb: string, when: string, name = 'Dragon Tamer'): ActivityEntry => ({
    id: when,
    at: when,
    actor: { accountId: 'a', name: 'Ada Admin' },
    area: 'acquire',
    verb,
    appId: 'app-1',
    object: { type: 'quest', id: 'q', name },
    changes: [{ field: 'status', before: 'LIVE', after: 'STOPPED' }],
  });
  const xs = ['2026-11-20', '2026-11-21', '2026-11-22'];

  it('the day range only when every x value is a day', () => {
    expect(dayRange(['2026-11-22', '2026-11-20 00:00:00'])).toEqual({ from: '2026-11-20', to: '2026-11-22' });
    expect(dayRange(['US', '2026-11-20'])).toBeNull();
    expect(dayRange([])).toBeNull();
  });

  it('one marker per charted day with a change that moves numbers, its lines in words', () => {
    const markers = markersOf(
      [
        at('quest.stopped', '2026-11-21T15:00:00.000Z'),
        at('target.changed', '2026-11-21T09:00:00.000Z', 'Target settings'),
        at('report.saved', '2026-11-20T09:00:00.000Z', 'Retention'),
        at('quest.published', '2026-11-30T09:00:00.000Z'),
      ],
      xs,
    );
    expect(markers).toEqual([
      {
        x: '2026-11-21',
        day: '2026-11-21',
        lines: ['Ada Admin stopped quest Dragon Tamer', 'Ada Admin changed target settings Target settings'],
      },
    ]);
  });

  it('a Process Data run and a source disconnected are marked too; a settings save elsewhere is not', () => {
    const plugin = (verb: string, when: string) => ({
      ...at(verb, when, 'BigQuery'),
      area: 'integrations',
      object: { type: 'plugin', id: 'p', name: 'BigQuery' },
    });
    expect(
      markersOf(
        [
          plugin('plugin.processed', '2026-11-20T10:00:00.000Z'),
          plugin('plugin.disconnected', '2026-11-22T10:00:00.000Z'),
          plugin('plugin.updated', '2026-11-22T11:00:00.000Z'),
        ],
        xs,
      ).map((m) => [m.day, m.lines]),
    ).toEqual([
      ['2026-11-20', ['Ada Admin ran Process Data for BigQuery']],
      ['2026-11-22', ['Ada Admin disconnected plugin BigQuery']],
    ]);
  });

  it("a budget's change is named on its day: the app's daily budget and a quest's published daily cap; a draft is not marked", () => {
    const changed = (verb: string, when: string, name: string, changes: ActivityEntry['changes']) => ({
      ...at(verb, when, name),
      changes,
    });
    expect(
      markersOf(
        [
          changed('target.changed', '2026-11-20T09:00:00.000Z', 'Target settings', [
            { field: 'dailyBudget', before: 100, after: 150.5 },
            { field: 'targetKpiValue', before: 5, after: 6 },
          ]),
          changed('quest.published', '2026-11-21T09:00:00.000Z', 'Dragon Tamer', [
            { field: 'dailyCap', before: 50, after: 80 },
          ]),
          changed('quest.published', '2026-11-21T10:00:00.000Z', 'New quest', [
            { field: 'status', before: 'DRAFT', after: 'LIVE' },
            { field: 'dailyCap', before: null, after: 1200 },
          ]),
          changed('quest.draft_saved', '2026-11-22T09:00:00.000Z', 'Dragon Tamer', [
            { field: 'dailyCap', before: 80, after: 90 },
          ]),
        ],
        xs,
      ).map((m) => [m.day, m.lines]),
    ).toEqual([
      ['2026-11-20', ['Ada Admin changed target settings Target settings (daily budget $100 → $150.5)']],
      [
        '2026-11-21',
        [
          'Ada Admin published quest Dragon Tamer (daily cap $50 → $80)',
          'Ada Admin published quest New quest (daily cap $1,200)',
        ],
      ],
    ]);
  });

  it('a new app version first seen in the events marks its day', () => {
    const seen: ActivityEntry = {
      ...at('app.version_seen', '2026-11-22T03:10:00.000Z', '1.4.0'),
      actor: { accountId: null, name: 'Questboard' },
      area: 'integrations',
      object: { type: 'app version', id: 'app-1:1.4.0', name: '1.4.0' },
      changes: [{ field: 'version', before: null, after: '1.4.0' }],
    };
    expect(markersOf([seen], xs)).toEqual([
      { x: '2026-11-22', day: '2026-11-22', lines: ['Questboard first saw app version 1.4.0'] },
    ]);
  });
});

describe("an object's History with step completions kept apart", () => {
  const entry = (id: number, verb: string, at: string): ActivityEntry => ({
    id: String(id),
    at,
    actor: { accountId: verb === 'quest.step_completed' ? null : 'a', name: 'Ada Admin' },
    area: 'acquire',
    verb,
    appId: 'app-1',
    object: { type: 'quest', id: 'q', name: 'Dragon Tamer' },
    changes: [{ field: 'status', before: null, after: 'LIVE' }],
  });
  const changes = {
    entries: [
      entry(3, 'quest.published', '2026-11-21T10:00:00.000Z'),
      entry(1, 'quest.draft_saved', '2026-11-20T10:00:00.000Z'),
    ],
  };
  const steps = Array.from({ length: 12 }, (_, i) =>
    entry(100 + i, 'quest.step_completed', `2026-11-22T${String(10 + i).padStart(2, '0')}:00:00.000Z`),
  ).reverse();

  it('hides the step completions by default and counts them on the toggle', () => {
    const list = historyList(changes, { entries: steps, nextCursor: null }, false);
    expect(list.entries.map((e) => e.verb)).toEqual(['quest.published', 'quest.draft_saved']);
    expect(list.count).toBe('12');
    expect(list.hasHidden).toBe(true);
  });

  it('shown, they merge in time order, at most the section’s ten; a count beyond the page read ends in "+"', () => {
    const list = historyList(changes, { entries: steps.slice(0, 50), nextCursor: 'next' }, true);
    expect(list.entries).toHaveLength(HISTORY_SHOWN);
    expect(list.entries[0]!.id).toBe('111');
    expect(list.count).toBe('12+');
    const few = historyList(changes, { entries: steps.slice(0, 1), nextCursor: null }, true);
    expect(few.entries.map((e) => e.id)).toEqual(['111', '3', '1']);
  });

  it('no step completions: nothing to toggle', () => {
    expect(historyList(changes, { entries: [], nextCursor: null }, false).hasHidden).toBe(false);
    expect(historyList(changes, undefined, false).entries).toHaveLength(2);
  });
});

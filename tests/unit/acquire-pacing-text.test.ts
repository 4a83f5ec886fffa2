/** What the pacing card says (src/views/acquire/pacing-text.ts; docs/acquire.md §Spend and pacing). */
import { describe, expect, test } from 'vitest';
import { paceMessage, questPaceText, utcTime } from '../../src/views/acquire/pacing-text';
import type { QuestPacing } from '../../src/contracts/acquire-pacing';

const quest = (over: Partial<QuestPacing>): QuestPacing => ({
  id: 'q1',
  name: 'Dragon Tamer',
  status: 'LIVE',
  dailyCap: 40,
  spentToday: 0,
  completionsToday: 0,
  overCapToday: 0,
  projectedCapAt: null,
  ...over,
});

describe('pacing text', () => {
  test('times are UTC hours and minutes', () => {
    expect(utcTime('2026-11-27T13:30:00.000Z')).toBe('13:30 UTC');
    expect(utcTime('2026-11-27T00:05:59.000Z')).toBe('00:05 UTC');
  });
  test('the pace of the budget', () => {
    expect(paceMessage('fast', '2026-11-27T10:00:00.000Z')).toBe(
      'Spending faster than the day: at this pace the budget runs out at ≈ 10:00 UTC.',
    );
    expect(paceMessage('on_pace', null)).toBe('On pace: the budget is spent no faster than the day goes by.');
    expect(paceMessage('no_budget', null)).toMatch(/^No daily budget is set/);
  });
  test('a quest’s line', () => {
    expect(questPaceText(quest({ spentToday: 4, projectedCapAt: '2026-11-27T14:30:00.000Z' }))).toBe(
      'Will reach its cap at ≈ 14:30 UTC at today’s pace.',
    );
    expect(questPaceText(quest({ status: 'CAPPED', spentToday: 40, overCapToday: 1 }))).toBe(
      'Daily cap reached: 1 completed step counted, not charged.',
    );
    expect(questPaceText(quest({ status: 'CAPPED', spentToday: 40, overCapToday: 6 }))).toBe(
      'Daily cap reached: 6 completed steps counted, not charged.',
    );
    expect(questPaceText(quest({}))).toBe('No spend yet today.');
    expect(questPaceText(quest({ spentToday: 1 }))).toBe('Stays under its cap today at this pace.');
    expect(questPaceText(quest({ status: 'STOPPED', spentToday: 1 }))).toBe('Not live: nothing more is charged today.');
  });
});

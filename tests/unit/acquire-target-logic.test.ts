/**
 * The Acquire target's shared rules (src/contracts/acquire-rules.ts, run by the Target form and the server): the
 * ranges of the daily budget and the analysis period; and what the Target tab says a save with "Suggest quests and
 * prices from my data" would replace (src/views/acquire/questText.ts).
 */
import { describe, expect, it } from 'vitest';
import { validateAcquireTarget } from '../../src/contracts/acquire-rules';
import { suggestionsHint } from '../../src/views/acquire/questText';
import * as fx from '../fixtures/acquire';

describe('acquire target rules', () => {
  const target = { countries: ['US'], dailyBudget: '0', targetKpiValue: '5', analysisPeriod: '30' };
  it('a daily budget of 0 or more, an analysis period of 1 to 365 days', () => {
    expect(validateAcquireTarget(target)).toEqual({});
    expect(validateAcquireTarget({ ...target, dailyBudget: '-0.01' })).toEqual({ dailyBudget: 'must be 0 or more' });
    for (const days of ['0', '366', -3])
      expect(validateAcquireTarget({ ...target, analysisPeriod: days })).toEqual({
        analysisPeriod: 'must be between 1 and 365 days',
      });
    for (const days of ['1', 365]) expect(validateAcquireTarget({ ...target, analysisPeriod: days })).toEqual({});
    expect(validateAcquireTarget({ ...target, analysisPeriod: '2.5' })).toEqual({
      analysisPeriod: 'must be an integer',
    });
  });
});

describe('the suggestions hint', () => {
  const suggested = (id: string, name: string) => ({
    ...fx.draftOnlyQuest,
    id,
    suggested: true,
    draft: { ...fx.draftOnlyQuest.draft!, name },
  });
  it('names the suggested quests whose drafts a save would replace, and leaves the others out', () => {
    expect(suggestionsHint([fx.editedQuest, suggested('s1', 'Reach level 7')])).toBe(
      'When ticked, saving replaces the draft of your suggested quest Reach level 7 with new steps and prices for this target, to review before publishing. Quests you made yourself are not changed.',
    );
    expect(
      suggestionsHint([suggested('s1', 'Reach level 7'), suggested('s2', 'Reach level 12'), fx.draftOnlyQuest]),
    ).toContain('the drafts of your 2 suggested quests (Reach level 7, Reach level 12)');
    expect(suggestionsHint(undefined)).toBe(
      'When ticked, saving creates suggested draft quests at the level milestones your installs reach, priced for this target. Quests you made yourself are not changed.',
    );
  });
});

/** How a quest's parts read in the editor, the review, the funnel and the Target tab. */
import { dollars, shownVersion, type Quest, type QuestStep, type StepConditionOp } from '../../contracts/acquire';
import { countryName } from './CountryPicker';

export const OP_LABELS: Record<StepConditionOp, string> = { eq: '=', neq: '≠', gte: '≥', lte: '≤' };
export const money = dollars;
export const stepText = (step: QuestStep) =>
  `${step.eventName}${step.condition ? ` (${step.condition.param} ${OP_LABELS[step.condition.op]} ${step.condition.value})` : ''} · ${money(step.payout)}`;
export const countriesText = (countries: readonly string[]) => countries.map(countryName).join(', ');

/** What a save with "Suggest quests and prices from my data" would replace: the drafts of the suggested quests. */
export function suggestionsHint(quests: readonly Quest[] | undefined): string {
  const names = (quests ?? []).filter((q) => q.suggested).map((q) => shownVersion(q)?.name ?? q.id);
  const own = 'Quests you made yourself are not changed.';
  if (names.length === 0)
    return `When ticked, saving creates suggested draft quests at the level milestones your installs reach, priced for this target. ${own}`;
  const which =
    names.length === 1
      ? `the draft of your suggested quest ${names[0]}`
      : `the drafts of your ${names.length} suggested quests (${names.join(', ')})`;
  return `When ticked, saving replaces ${which} with new steps and prices for this target, to review before publishing. ${own}`;
}

/** How a quest's parts read in the editor, the review and the funnel. */
import type { QuestStep, StepConditionOp } from '../../contracts/acquire';
import { countryName } from './CountryPicker';

export const OP_LABELS: Record<StepConditionOp, string> = { eq: '=', neq: '≠', gte: '≥', lte: '≤' };
export const money = (usd: number) => `$${usd.toFixed(2)}`;
export const stepText = (step: QuestStep) =>
  `${step.eventName}${step.condition ? ` (${step.condition.param} ${OP_LABELS[step.condition.op]} ${step.condition.value})` : ''} · ${money(step.payout)}`;
export const countriesText = (countries: readonly string[]) => countries.map(countryName).join(', ');

/** What the pacing card and the spend dialog say (ours: docs/acquire.md §Spend and pacing). */
import type { Pace, QuestPacing } from '../../contracts/acquire-pacing';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

export const usd = (value: number) => money.format(value);
/** A time of day in UTC, e.g. "14:30 UTC". */
export const utcTime = (iso: string) => `${clock.format(new Date(iso))} UTC`;

export const PACE_LABELS: Record<Pace, string> = {
  no_budget: 'No budget',
  idle: 'Idle',
  on_pace: 'On pace',
  fast: 'Faster than the day',
  spent: 'Budget spent',
};
export const PACE_TONES: Record<Pace, string> = {
  no_budget: 'bg-slate-100 text-slate-700 ring-slate-300',
  idle: 'bg-slate-100 text-slate-700 ring-slate-300',
  on_pace: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  fast: 'bg-amber-50 text-amber-800 ring-amber-200',
  spent: 'bg-rose-50 text-rose-800 ring-rose-200',
};

export function paceMessage(pace: Pace, budgetRunsOutAt: string | null): string {
  switch (pace) {
    case 'no_budget':
      return 'No daily budget is set for this app. Set one on the Target tab to see its pace.';
    case 'idle':
      return 'Nothing has been charged yet today.';
    case 'on_pace':
      return 'On pace: the budget is spent no faster than the day goes by.';
    case 'fast':
      return budgetRunsOutAt
        ? `Spending faster than the day: at this pace the budget runs out at ≈ ${utcTime(budgetRunsOutAt)}.`
        : 'Spending faster than the day.';
    case 'spent':
      return 'Today’s budget is spent.';
  }
}

/** One quest's line under its cap bar. */
export function questPaceText(quest: QuestPacing): string {
  if (quest.status === 'CAPPED')
    return quest.overCapToday > 0
      ? `Daily cap reached: ${quest.overCapToday} completed step${quest.overCapToday === 1 ? '' : 's'} counted, not charged.`
      : 'Daily cap reached.';
  if (quest.status !== 'LIVE') return 'Not live: nothing more is charged today.';
  if (quest.projectedCapAt) return `Will reach its cap at ≈ ${utcTime(quest.projectedCapAt)} at today’s pace.`;
  if (quest.spentToday === 0) return 'No spend yet today.';
  return 'Stays under its cap today at this pace.';
}

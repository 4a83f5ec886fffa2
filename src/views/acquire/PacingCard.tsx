/**
 * Acquire → Quests, "Today's spend" (docs/acquire.md §Spend and pacing): the app's charges today against the target's
 * daily budget, with a mark at the share of the UTC day gone by, and each live or charged quest against its daily cap
 * with when it reaches the cap at today's pace; "Spend chart" opens a quest's hours and days.
 */
import { useState } from 'react';
import type { QuestPacing } from '../../contracts/acquire-pacing';
import { useAcquirePacing } from '../../services/acquire.queries';
import { Button } from '../ui/Button';
import { StatusBadge } from './StatusBadge';
import { PACE_LABELS, PACE_TONES, paceMessage, questPaceText, usd } from './pacing-text';
import { QuestSpendDialog } from './QuestSpendDialog';

/** A bar of `value` of `max`, with an optional mark (0–1) for the share of the day gone. */
export function SpendBar({ label, value, max, mark }: { label: string; value: number; max: number; mark?: number }) {
  const share = max > 0 ? Math.min(1, value / max) : 0;
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={`${usd(value)} of ${usd(max)}`}
      className="relative h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div
        className={`h-full rounded-full ${share >= 1 ? 'bg-amber-500' : 'bg-indigo-600'}`}
        style={{ width: `${share * 100}%` }}
      />
      {mark !== undefined && (
        <div aria-hidden="true" className="absolute inset-y-0 w-0.5 bg-slate-700" style={{ left: `${mark * 100}%` }} />
      )}
    </div>
  );
}

function QuestLine({ quest, onChart }: { quest: QuestPacing; onChart: () => void }) {
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center" data-quest-id={quest.id}>
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-slate-900">{quest.name}</span>
          <StatusBadge status={quest.status} />
          <span className="text-sm text-slate-600 tabular-nums">
            {usd(quest.spentToday)} of {usd(quest.dailyCap)} cap
          </span>
        </div>
        <SpendBar
          label={`${quest.name}: today's spend of its daily cap`}
          value={quest.spentToday}
          max={quest.dailyCap}
        />
        <p className="text-xs text-slate-600">{questPaceText(quest)}</p>
      </div>
      <Button variant="secondary" onClick={onChart} aria-label={`Spend chart of ${quest.name}`}>
        Spend chart
      </Button>
    </li>
  );
}

export function PacingCard({ appId }: { appId: string }) {
  const pacing = useAcquirePacing(appId);
  const [chartOf, setChartOf] = useState<string | null>(null);
  if (pacing.isPending)
    return <div aria-hidden="true" className="h-28 animate-pulse rounded-2xl bg-white ring-1 ring-slate-200" />;
  if (pacing.isError)
    return (
      <p role="alert" className="rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-700">
        Today’s spend could not be loaded.{' '}
        <button type="button" className="font-medium underline" onClick={() => void pacing.refetch()}>
          Try again
        </button>
      </p>
    );
  const { data } = pacing;
  return (
    <section aria-labelledby="pacing-title" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pacing-title" className="text-base font-semibold text-slate-900">
          Today’s spend
        </h2>
        <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${PACE_TONES[data.pace]}`}>
          {PACE_LABELS[data.pace]}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-700 tabular-nums">
        {data.dailyBudget > 0
          ? `${usd(data.spentToday)} of ${usd(data.dailyBudget)} daily budget · ${Math.round(data.dayProgress * 100)} % of the UTC day gone`
          : `${usd(data.spentToday)} charged today`}
      </p>
      {data.dailyBudget > 0 && (
        <div className="mt-2">
          <SpendBar
            label="Today's spend of the daily budget"
            value={data.spentToday}
            max={data.dailyBudget}
            mark={data.dayProgress}
          />
        </div>
      )}
      <p className="mt-2 text-sm text-slate-600">{paceMessage(data.pace, data.budgetRunsOutAt)}</p>
      {data.quests.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No quest is live or charged today.</p>
      ) : (
        <ul aria-label="Quests today" className="mt-2 divide-y divide-slate-100">
          {data.quests.map((quest) => (
            <QuestLine key={quest.id} quest={quest} onChart={() => setChartOf(quest.id)} />
          ))}
        </ul>
      )}
      <QuestSpendDialog appId={appId} questId={chartOf} onClose={() => setChartOf(null)} />
    </section>
  );
}

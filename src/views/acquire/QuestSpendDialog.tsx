/**
 * A quest's spend (docs/acquire.md §Spend and pacing): today by UTC hour (the running total against the daily cap)
 * or the last 30 UTC days (each day's spend against the cap), the chart and the same numbers as a table (newest
 * first), with the completed steps counted over the cap apart.
 */
import { useMemo, useState } from 'react';
import type { QuestSpend, SpendBucket } from '../../contracts/acquire-pacing';
import { useQuestSpend } from '../../services/acquire.queries';
import { LazyReportChart } from '../analyze/results/LazyReportChart';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import { Button } from '../ui/Button';
import { questPaceText, usd } from './pacing-text';

type Range = 'today' | 'days';
const RANGES: { id: Range; label: string }[] = [
  { id: 'today', label: 'Today by hour' },
  { id: 'days', label: 'Last 30 days' },
];
const count = new Intl.NumberFormat('en-US');

interface Line {
  at: string;
  label: string;
  bucket: SpendBucket;
  shown: number;
}

/** The rows of a range: today's hours up to the current one (running total), or every day (its own spend). */
function linesOf(spend: QuestSpend, range: Range): Line[] {
  const now = Date.parse(spend.now);
  if (range === 'days')
    return spend.days.map((bucket) => ({ at: bucket.at, label: bucket.at.slice(0, 10), bucket, shown: bucket.spend }));
  let total = 0;
  return spend.hours
    .filter((bucket) => Date.parse(bucket.at) <= now)
    .map((bucket) => {
      total = Math.round((total + bucket.spend) * 100) / 100;
      return { at: bucket.at, label: `${bucket.at.slice(11, 16)} UTC`, bucket, shown: total };
    });
}

function SpendBody({ spend, range }: { spend: QuestSpend; range: Range }) {
  const lines = useMemo(() => linesOf(spend, range), [spend, range]);
  const columns = useMemo(
    () => [
      { id: 'at', label: range === 'today' ? 'Hour (UTC)' : 'Day (UTC)' },
      { id: 'spend', label: range === 'today' ? 'Spent so far (USD)' : 'Spend (USD)', format: 'currency' },
      { id: 'cap', label: 'Daily cap (USD)', format: 'currency' },
    ],
    [range],
  );
  const rows = useMemo(
    () => lines.map((l) => ({ at: l.label, spend: l.shown, cap: spend.pacing.dailyCap })),
    [lines, spend.pacing.dailyCap],
  );
  const stepColumns = useMemo(
    () => [
      columns[0]!,
      { id: 'completions', label: 'Steps completed', format: 'integer' },
      { id: 'overCap', label: 'Over the cap', format: 'integer' },
    ],
    [columns],
  );
  const stepRows = useMemo(
    () => lines.map((l) => ({ at: l.label, completions: l.bucket.completions, overCap: l.bucket.overCap })),
    [lines],
  );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        {usd(spend.pacing.spentToday)} of {usd(spend.pacing.dailyCap)} today. {questPaceText(spend.pacing)}
      </p>
      <LazyReportChart
        rows={rows}
        columns={columns}
        fileName={`quest_spend_${range}`}
        height={200}
        label="Spend chart"
      />
      <LazyReportChart
        rows={stepRows}
        columns={stepColumns}
        fileName={`quest_steps_${range}`}
        height={160}
        label="Completed steps chart"
      />
      <div
        className="max-h-64 overflow-auto rounded-xl ring-1 ring-slate-200"
        tabIndex={0}
        role="region"
        aria-label="Spend table"
      >
        <table className="min-w-full text-sm">
          <thead className="sticky top-0 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                {range === 'today' ? 'Hour' : 'Day'}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Steps completed
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Over the cap
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Spend
              </th>
            </tr>
          </thead>
          <tbody>
            {[...lines].reverse().map((l) => (
              <tr key={l.at} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-1.5 text-left font-normal text-slate-800">
                  {l.label}
                </th>
                <td className="px-3 py-1.5 text-right tabular-nums">{count.format(l.bucket.completions)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{count.format(l.bucket.overCap)}</td>
                <td className="px-3 py-1.5 text-right tabular-nums">{usd(l.bucket.spend)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function QuestSpendDialog({
  appId,
  questId,
  onClose,
}: {
  appId: string;
  questId: string | null;
  onClose: () => void;
}) {
  const spend = useQuestSpend(appId, questId);
  const [range, setRange] = useState<Range>('today');
  return (
    <Modal
      open={questId !== null}
      title={spend.data ? `Spend: ${spend.data.pacing.name}` : 'Spend'}
      onClose={onClose}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div role="group" aria-label="Period" className="mb-4 inline-flex rounded-lg bg-slate-100 p-1">
        {RANGES.map((r) => (
          <button
            key={r.id}
            type="button"
            aria-pressed={range === r.id}
            onClick={() => setRange(r.id)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${range === r.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900'}`}
          >
            {r.label}
          </button>
        ))}
      </div>
      {spend.isPending ? (
        <Spinner label="Loading the quest's spend" />
      ) : spend.isError ? (
        <p role="alert" className="rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-700">
          The quest’s spend could not be loaded.{' '}
          <button type="button" className="font-medium underline" onClick={() => void spend.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <SpendBody spend={spend.data} range={range} />
      )}
    </Modal>
  );
}

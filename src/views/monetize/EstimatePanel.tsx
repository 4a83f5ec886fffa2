/**
 * "Beyond": how many of the app's players of the last 30 days match the conditions, asked again
 * ESTIMATE_DEBOUNCE_MS after the conditions stop changing (the server compiles them with the report compiler).
 */
import { ESTIMATE_DEBOUNCE_MS, type TargetCondition } from '../../contracts/monetize';
import { useAudienceEstimate } from '../../services/monetize.queries';
import { useDebounced } from '../ui/useDebounced';
import { Spinner } from '../ui/Spinner';

const count = (n: number) => n.toLocaleString('en-US');

export function EstimatePanel({
  appId,
  conditionsKey,
  incomplete,
}: {
  appId: string;
  conditionsKey: string;
  incomplete: number;
}) {
  const debounced = useDebounced(conditionsKey, ESTIMATE_DEBOUNCE_MS);
  const estimate = useAudienceEstimate(appId, JSON.parse(debounced) as TargetCondition[]);
  const waiting = debounced !== conditionsKey || estimate.isFetching;
  const data = estimate.data;
  return (
    <aside aria-labelledby="estimate-title" className="rounded-2xl bg-indigo-50/60 p-4 ring-1 ring-indigo-100">
      <div className="flex items-center justify-between gap-2">
        <h2 id="estimate-title" className="text-sm font-semibold text-indigo-900">
          Audience estimate
        </h2>
        {waiting && <Spinner className="size-4" label="Estimating" />}
      </div>
      <div aria-live="polite" className="mt-2 text-sm text-slate-800" data-testid="monetize-estimate">
        {estimate.isError && !data ? (
          <p role="alert">
            The estimate could not be made.{' '}
            <button
              type="button"
              className="font-medium text-indigo-700 underline"
              onClick={() => void estimate.refetch()}
            >
              Try again
            </button>
          </p>
        ) : !data ? (
          <p className="text-slate-600">Estimating…</p>
        ) : data.success ? (
          <>
            <p>
              <span className="text-2xl font-bold text-indigo-900">{count(data.players ?? 0)}</span> of{' '}
              {count(data.total ?? 0)} players match
              {data.total ? <> ({(((data.players ?? 0) / data.total) * 100).toFixed(1)} %)</> : null}
            </p>
            <p className="mt-1 text-xs text-slate-600">
              Players active from {data.from} to {data.to} (last 30 days, UTC).
            </p>
          </>
        ) : (
          <p className="text-slate-700">{data.reason}</p>
        )}
        {incomplete > 0 && (
          <p className="mt-1 text-xs text-amber-800">
            {incomplete} incomplete condition{incomplete === 1 ? ' is' : 's are'} not counted yet.
          </p>
        )}
      </div>
    </aside>
  );
}

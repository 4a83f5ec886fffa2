/**
 * A quest's details, read-only, for every role (the quest name in the grid opens it): the version players see (the
 * published one, else the draft), its countries, daily cap and steps with their payouts by country
 * (docs/acquire.md §Payouts by country), and its returns: cost, players started, revenue D7, ROAS D7, retention D1 / D7,
 * each with its maturity (docs/acquire.md §Returns per quest).
 */
import { shownVersion, type Quest } from '../../contracts/acquire';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { CountryPayoutsList } from './CountryPayoutsTable';
import { countriesText, money, stepText } from './questText';
import { QUEST_STATUS_LABELS } from '../../contracts/acquire';
import { useQuestReturns } from '../../services/acquire.queries';
import { Spinner } from '../ui/Spinner';
import { returnsLines } from './returns-text';

/** The quest's returns, as the KPI card counts them: only players mature for each window. */
function ReturnsSection({ appId, questId }: { appId: string; questId: string }) {
  const returns = useQuestReturns(appId, questId);
  return (
    <section aria-labelledby="quest-returns" className="space-y-2">
      <h3 id="quest-returns" className="font-semibold text-slate-900">
        Returns
      </h3>
      {returns.isPending ? (
        <Spinner label="Loading returns" />
      ) : returns.isError ? (
        <p role="alert" className="text-rose-700">
          The returns could not be loaded.
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            {returnsLines(returns.data).map((line) => (
              <div key={line.label} className="contents">
                <dt className="font-medium text-slate-600">{line.label}</dt>
                <dd className="tabular-nums">
                  {line.text.split(/(\d{4}-\d{2}-\d{2})/).map((part, i) =>
                    i % 2 === 1 ? (
                      <span key={i} className="whitespace-nowrap">
                        {part}
                      </span>
                    ) : (
                      part
                    ),
                  )}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-slate-600">
            Each D1 / D7 figure counts the players who started at least the window plus 3 days of late data ago, as the
            KPI card does.
          </p>
        </>
      )}
    </section>
  );
}

export function QuestDetailsDialog({ appId, quest, onClose }: { appId: string; quest: Quest; onClose: () => void }) {
  const version = shownVersion(quest);
  return (
    <Modal
      open
      title={version?.name ?? 'Quest'}
      onClose={onClose}
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {version && (
        <div className="space-y-3 text-sm text-slate-800">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium text-slate-600">Status</dt>
            <dd>
              {QUEST_STATUS_LABELS[version.status] ?? version.status}
              {quest.active && quest.diff && ' · has unpublished changes'}
            </dd>
            <dt className="font-medium text-slate-600">Countries</dt>
            <dd>{countriesText(version.countries ?? [])}</dd>
            <dt className="font-medium text-slate-600">Daily cap</dt>
            <dd className="tabular-nums">{money(version.dailyCap ?? 0)}</dd>
          </dl>
          <ol className="space-y-2" aria-label="Steps">
            {(version.steps ?? []).map((step, i) => (
              <li key={i} className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
                <p>
                  <span className="font-medium">Step {i + 1}:</span> {stepText(step)}
                </p>
                <CountryPayoutsList step={step} />
              </li>
            ))}
          </ol>
          {quest.active && <ReturnsSection appId={appId} questId={quest.id} />}
        </div>
      )}
    </Modal>
  );
}

/**
 * A quest's details, read-only, for every role (the quest name in the grid opens it): the version players see (the
 * published one, else the draft), its countries, daily cap and steps with their payouts by country
 * (docs/acquire.md §Payouts by country).
 */
import { shownVersion, type Quest } from '../../contracts/acquire';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { CountryPayoutsList } from './CountryPayoutsTable';
import { countriesText, money, stepText } from './questText';
import { QUEST_STATUS_LABELS } from '../../contracts/acquire';

export function QuestDetailsDialog({ quest, onClose }: { quest: Quest; onClose: () => void }) {
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
        </div>
      )}
    </Modal>
  );
}

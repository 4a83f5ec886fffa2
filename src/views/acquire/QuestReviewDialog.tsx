/**
 * Review Edits (docs/acquire.md §Quest states): the draft beside the active version, field by field (changed fields marked;
 * each step's payout in each listed country is a field of its own), with Publish and
 * Discard for this quest. A publish refused by the pre-publish check shows the server's reason per step.
 */
import { countryPayoutLines, type Quest, type QuestVersion } from '../../contracts/acquire';
import type { QuestReviewActor } from '../../machines/quest-review/quest-review.machine';
import { questReviewActions, type selectQuestReview } from '../../machines/quest-review/quest-review.selectors';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { countriesText, money, stepText } from './questText';
import { useActions } from '../flows/useActions';

type View = ReturnType<typeof selectQuestReview>;

function fields(version: QuestVersion | null): { label: string; value: string }[] {
  if (!version) return [];
  const steps = version.steps ?? [];
  return [
    { label: 'Name', value: version.name },
    { label: 'Countries', value: countriesText(version.countries ?? []) },
    { label: 'Daily cap', value: money(version.dailyCap ?? 0) },
    ...steps.map((step, i) => ({ label: `Step ${i + 1}`, value: stepText(step) })),
    // One line per country payout, so each country's change is its own marked row (docs/acquire.md §Payouts by country).
    ...countryPayoutLines(steps),
  ];
}

export function QuestReviewDialog({
  actor,
  view,
  quest,
}: {
  actor: QuestReviewActor;
  view: View;
  quest: Quest | null;
}) {
  const actions = useActions(actor, questReviewActions);
  const active = fields(quest?.active ?? null);
  const draft = fields(quest?.draft ?? null);
  const labels = Array.from(new Set([...active.map((f) => f.label), ...draft.map((f) => f.label)]));
  const busy = view.publishing || view.discarding;
  return (
    <Modal
      open={view.open}
      title={`Review edits${quest ? `: ${quest.draft?.name ?? quest.active?.name}` : ''}`}
      onClose={actions.close}
      busy={busy}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={actions.close} disabled={busy}>
            Close
          </Button>
          <Button variant="danger" onClick={actions.discard} busy={view.discarding} disabled={busy}>
            Discard
          </Button>
          <Button onClick={actions.publish} busy={view.publishing} disabled={busy}>
            Publish
          </Button>
        </>
      }
    >
      <table className="w-full text-sm">
        <caption className="sr-only">The draft beside the published version</caption>
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col" className="w-28 py-1 pr-3 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-3 font-medium">
              Published
            </th>
            <th scope="col" className="py-1 font-medium">
              Draft
            </th>
          </tr>
        </thead>
        <tbody>
          {labels.map((label) => {
            const before = active.find((f) => f.label === label)?.value ?? '—';
            const after = draft.find((f) => f.label === label)?.value ?? '—';
            const changed = before !== after;
            return (
              <tr
                key={label}
                data-changed={changed || undefined}
                className={`align-top ${changed ? 'bg-amber-50' : ''}`}
              >
                <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-700">
                  {label}
                  {changed && <span className="sr-only"> (changed)</span>}
                </th>
                <td className="py-2 pr-3 text-slate-700">{before}</td>
                <td className={`py-2 ${changed ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>{after}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {view.error && (
        <p role="alert" className="mt-4 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {view.error}
        </p>
      )}
    </Modal>
  );
}

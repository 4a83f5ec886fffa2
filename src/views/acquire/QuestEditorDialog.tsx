/**
 * The quest editor (a thin view over the quest-editor flow): name, daily cap, countries, and ordered steps (an event of
 * the app's active source with when it was last received, an optional parameter condition, a payout, and payouts by
 * country in a small table). Saving writes
 * the draft. For an existing quest, its per-step funnel (viewed → started → each step, median minutes) is shown.
 */
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { STEP_CONDITION_OPS, type Quest, type SourceEvent, type StepConditionOp } from '../../contracts/acquire';
import { MAX } from '../../contracts/codecs';
import { questEditorFlow } from '../../machines/quest-editor/quest-editor.actors';
import { selectQuestEditor, questEditorActions } from '../../machines/quest-editor/quest-editor.selectors';
import type { StepField } from '../../machines/quest-editor/quest-editor.machine';
import { useAcquireSettings, useQuestDetail } from '../../services/acquire.queries';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { TextField } from '../ui/TextField';
import { CountryPicker } from './CountryPicker';
import { CountryPayoutsEditor } from './CountryPayoutsTable';
import { ObjectHistory, type KeptApart } from '../activity/ObjectHistory';

import { useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { OP_LABELS } from './questText';
import { useActions } from '../flows/useActions';

/** A quest's History keeps its players' step completions behind a toggle (docs/activity.md §Where an object's history shows). */
const STEP_COMPLETIONS: KeptApart = { verb: 'quest.step_completed', label: 'Show step completions' };

const since = (at: number | null) => {
  if (at === null) return 'never received';
  const hours = Math.round((Date.now() - at) / 3_600_000);
  return hours < 1
    ? 'received within the hour'
    : hours < 48
      ? `last received ${hours} h ago`
      : `last received ${Math.round(hours / 24)} days ago`;
};

export function QuestEditorDialog({
  appId,
  quest,
  events,
  onClose,
}: {
  appId: string;
  quest: Quest | null;
  events: SourceEvent[];
  defaultCountries?: string[];
  onClose: () => void;
}) {
  const settings = useAcquireSettings(appId);
  const workspace = useCurrentWorkspace();
  const account = Session.useSelector((s) => s.context.account);
  const version = quest?.draft ?? quest?.active ?? null;
  const actor = useFlowActor(questEditorFlow, {
    appId,
    questId: quest?.id ?? null,
    definition: version
      ? {
          name: version.name,
          steps: version.steps ?? [],
          countries: version.countries ?? [],
          dailyCap: version.dailyCap ?? 0,
        }
      : null,
    defaultCountries: settings.data?.countries ?? [],
    defaultEvent: events[0]?.eventName ?? '',
  });
  const view = useSelector(actor, selectQuestEditor);
  const actions = useActions(actor, questEditorActions);
  useEffect(() => {
    if (view.finished) onClose();
  }, [view.finished, onClose]);
  const { values, errors } = view;
  const setStep =
    (index: number, field: StepField) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      actions.setStep(index, field, event.target.value);
  const formId = `quest-editor-${quest?.id ?? 'new'}`;

  return (
    <Modal
      open
      title={view.isNew ? 'New quest' : `Edit ${version?.name ?? 'quest'}`}
      onClose={actions.cancel}
      busy={view.saving}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={actions.cancel} disabled={view.saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={view.saving}>
            Save draft
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        className="space-y-5"
        onSubmit={(e) => {
          e.preventDefault();
          actions.submit();
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Quest name"
            data-autofocus
            value={values.name}
            onChange={(e) => actions.setName(e.target.value)}
            error={errors.name ? 'A name is required.' : null}
            maxLength={MAX.name}
            disabled={view.saving}
          />
          <TextField
            label="Daily cap (USD)"
            inputMode="decimal"
            value={values.dailyCap}
            onChange={(e) => actions.setDailyCap(e.target.value)}
            error={errors.dailyCap ? `Daily cap ${errors.dailyCap}.` : null}
            maxLength={MAX.label}
            disabled={view.saving}
          />
        </div>
        <CountryPicker
          label="Quest countries"
          options={account?.supportedCountries ?? []}
          value={values.countries}
          onChange={actions.setCountries}
          error={errors.countries ? 'Choose at least one country.' : null}
          disabled={view.saving}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Steps, in order</legend>
          {errors.steps && <p className="mt-1 text-xs text-rose-600">Steps {errors.steps}.</p>}
          <ol className="mt-2 space-y-3">
            {values.steps.map((step, i) => (
              <li key={i} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200" aria-label={`Step ${i + 1}`}>
                <div className="grid gap-3 sm:grid-cols-[2fr_1fr_auto]">
                  <label className="block text-sm">
                    <span className="font-medium text-slate-700">Step {i + 1} event</span>
                    <select
                      value={step.eventName}
                      onChange={setStep(i, 'eventName')}
                      disabled={view.saving}
                      className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm"
                    >
                      {!events.some((e) => e.eventName === step.eventName) && (
                        <option value={step.eventName}>{step.eventName || 'Choose an event'}</option>
                      )}
                      {events.map((e) => (
                        <option key={e.eventName} value={e.eventName}>
                          {e.eventName} — {since(e.lastReceivedAt)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <TextField
                    label={`Step ${i + 1} payout (USD)`}
                    inputMode="decimal"
                    value={step.payout}
                    onChange={setStep(i, 'payout')}
                    error={errors[`steps.${i}.payout`] ? `Payout ${errors[`steps.${i}.payout`]}.` : null}
                    maxLength={MAX.label}
                    disabled={view.saving}
                  />
                  <div className="flex items-end">
                    <Button
                      variant="ghost"
                      aria-label={`Remove step ${i + 1}`}
                      onClick={() => actions.removeStep(i)}
                      disabled={view.saving || values.steps.length === 1}
                    >
                      Remove
                    </Button>
                  </div>
                </div>
                <div className="mt-2 grid gap-3 sm:grid-cols-3">
                  <TextField
                    label={`Step ${i + 1} condition parameter (optional)`}
                    value={step.conditionParam}
                    onChange={setStep(i, 'conditionParam')}
                    maxLength={MAX.label}
                    disabled={view.saving}
                    placeholder="af_level"
                  />
                  <label className="block text-sm">
                    <span className="font-medium text-slate-700">Step {i + 1} comparison</span>
                    <select
                      value={step.conditionOp}
                      onChange={setStep(i, 'conditionOp')}
                      disabled={view.saving}
                      className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm"
                    >
                      {STEP_CONDITION_OPS.map((op: StepConditionOp) => (
                        <option key={op} value={op}>
                          {OP_LABELS[op]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <TextField
                    label={`Step ${i + 1} condition value`}
                    value={step.conditionValue}
                    onChange={setStep(i, 'conditionValue')}
                    error={errors[`steps.${i}.condition`] ? 'A condition needs a parameter and a value.' : null}
                    maxLength={MAX.label}
                    disabled={view.saving}
                  />
                </div>
                <CountryPayoutsEditor
                  step={i}
                  stepPayout={step.payout}
                  rows={step.countryPayouts}
                  countries={values.countries}
                  errors={errors}
                  disabled={view.saving}
                  onAdd={() => actions.addCountryPayout(i)}
                  onRemove={(row) => actions.removeCountryPayout(i, row)}
                  onSet={(row, field, value) => actions.setCountryPayout(i, row, field, value)}
                />
                {step.explanation && <p className="mt-2 text-xs text-indigo-800">Suggested: {step.explanation}</p>}
              </li>
            ))}
          </ol>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={actions.addStep}
            disabled={view.saving || values.steps.length >= 10}
          >
            Add step
          </Button>
        </fieldset>
        {view.error && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {view.error}
          </p>
        )}
      </form>
      {quest && <Funnel appId={appId} questId={quest.id} />}
      {quest && workspace && (
        <ObjectHistory workspaceId={workspace.id} objectType="quest" objectId={quest.id} apart={STEP_COMPLETIONS} />
      )}
    </Modal>
  );
}

function Funnel({ appId, questId }: { appId: string; questId: string }) {
  const detail = useQuestDetail(appId, questId);
  if (detail.isPending) return null;
  if (detail.isError) return <p className="mt-6 text-sm text-slate-600">The funnel could not be loaded.</p>;
  const top = Math.max(1, ...detail.data.funnel.map((s) => s.players));
  return (
    <section aria-label="Funnel" className="mt-6 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Funnel</h3>
      <ul className="mt-2 space-y-1.5">
        {detail.data.funnel.map((stage) => (
          <li key={stage.label} className="grid grid-cols-[minmax(8rem,14rem)_1fr_auto] items-center gap-3 text-sm">
            <span className="truncate text-slate-700">{stage.label}</span>
            <span aria-hidden="true" className="h-2 rounded-full bg-indigo-100">
              <span
                className="block h-2 rounded-full bg-indigo-500"
                style={{ width: `${(stage.players / top) * 100}%` }}
              />
            </span>
            <span className="tabular-nums text-slate-800">
              {stage.players}
              {stage.medianMinutes != null && (
                <span className="text-slate-500"> · median {stage.medianMinutes} min</span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

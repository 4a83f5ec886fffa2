/**
 * Acquire → Target (docs/acquire.md §Screens and routes, §Rules and limits Acquire target, §Roles, §Rules and limits defaults): countries (searchable, from the account's
 * supportedCountries), daily budget, the target KPI (shown, not editable), its target value (editable only by
 * Questboard staff), the analysis period, and "Suggest quests and prices from my data" (applyPriceSuggestions).
 * A thin view over the acquire-settings flow; unsaved changes guard leaving the page (useLeaveGuard). Viewers see the
 * form read-only (the flow takes no edit from them) and Save disabled with the tooltip (docs/acquire.md §Roles). The suggestions box
 * starts unticked and says which quests a save with it would rewrite.
 */
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { canEditTargetKpiValue } from '../../contracts/acquire';
import { KPI_LABELS } from './kpiLabels';
import { MAX } from '../../contracts/codecs';
import type { Workspace } from '../../contracts/workspace';
import { useQuests } from '../../services/acquire.queries';
import { acquireSettingsFlow } from '../../machines/acquire-settings/acquire-settings.actors';
import {
  selectAcquireSettings,
  acquireSettingsActions,
} from '../../machines/acquire-settings/acquire-settings.selectors';
import { Session } from '../flows/session';
import { useFlowActor } from '../flows/useFlowActor';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Spinner } from '../ui/Spinner';
import { TextField } from '../ui/TextField';
import { viewerDenied } from '../ui/permissions';
import { CountryPicker } from './CountryPicker';
import { LEAVE_BACK, unguarded, useLeaveGuard } from './useLeaveGuard';
import { KpiCard } from './KpiCard';
import { suggestionsHint } from './questText';
import { useActions } from '../flows/useActions';

const STAFF_ONLY_HINT = 'Only Questboard staff can change the target value.';
const READ_ONLY = '[&_input]:bg-slate-50';

export default function TargetTab({
  appId,
  workspace,
  hasDraft,
}: {
  appId: string;
  workspace: Workspace;
  hasDraft: boolean;
}) {
  const [, setLocation] = useLocation();
  const denied = viewerDenied(workspace.role);
  const readOnly = denied !== null;
  const actor = useFlowActor(
    acquireSettingsFlow,
    { appId, readOnly },
    {
      deps: {
        navigate: (to: string) => unguarded(() => (to === LEAVE_BACK ? window.history.go(-1) : setLocation(to))),
      },
    },
  );
  const view = useSelector(actor, selectAcquireSettings);
  const account = Session.useSelector((s) => s.context.account);
  const actions = useActions(actor, acquireSettingsActions);
  const quests = useQuests(appId);
  useLeaveGuard(view.dirty && !view.saving, view.confirmingLeave, actions.leave);
  const staff = account ? canEditTargetKpiValue(account) : false;

  if (view.loading) return <Spinner label="Loading target" />;
  if (view.loadFailed) {
    return (
      <div role="alert" className="rounded-lg bg-rose-50 px-4 py-3 text-sm text-rose-700">
        {view.error}{' '}
        <button type="button" className="font-semibold underline" onClick={actions.retry}>
          Try again
        </button>
      </div>
    );
  }
  const { values, errors } = view;
  const text =
    (field: 'dailyBudget' | 'targetKpiValue' | 'analysisPeriod') => (event: React.ChangeEvent<HTMLInputElement>) =>
      actions.change(field, event.target.value);

  return (
    <form
      noValidate
      aria-label="Acquisition target"
      className="max-w-3xl space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        actions.submit();
      }}
    >
      {!hasDraft && (
        <p className="rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900 ring-1 ring-indigo-200">
          Set your target and save it to create your acquisition settings draft; the Quests tab appears once it is
          saved.
        </p>
      )}
      <fieldset className="space-y-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <legend className="sr-only">Target</legend>
        <CountryPicker
          label="Countries"
          options={account?.supportedCountries ?? []}
          value={values.countries}
          onChange={actions.setCountries}
          error={errors.countries ? 'Choose at least one country.' : null}
          disabled={view.saving || readOnly}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Daily budget (USD)"
            inputMode="decimal"
            value={values.dailyBudget}
            onChange={text('dailyBudget')}
            error={fieldError(errors.dailyBudget)}
            disabled={view.saving}
            readOnly={readOnly}
            className={readOnly ? READ_ONLY : ''}
            maxLength={MAX.label}
          />
          <TextField
            label="Analysis period (days)"
            inputMode="numeric"
            value={values.analysisPeriod}
            onChange={text('analysisPeriod')}
            error={fieldError(errors.analysisPeriod)}
            disabled={view.saving}
            readOnly={readOnly}
            className={readOnly ? READ_ONLY : ''}
            maxLength={MAX.label}
          />
          <div>
            <span className="block text-sm font-medium text-slate-700" id="target-kpi-label">
              Target KPI
            </span>
            <p
              aria-labelledby="target-kpi-label"
              className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200"
            >
              {KPI_LABELS[values.targetKpi]}
            </p>
          </div>
          <TextField
            label="Target value"
            inputMode="decimal"
            value={values.targetKpiValue}
            onChange={text('targetKpiValue')}
            error={fieldError(errors.targetKpiValue)}
            hint={staff ? undefined : STAFF_ONLY_HINT}
            readOnly={!staff || readOnly}
            disabled={view.saving}
            maxLength={MAX.label}
            className={staff && !readOnly ? '' : READ_ONLY}
          />
        </div>
        <label className="flex items-start gap-3 border-t border-slate-100 pt-5 text-sm text-slate-700">
          <input
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300"
            checked={view.applyPriceSuggestions}
            onChange={(e) => actions.toggleSuggestions(e.target.checked)}
            disabled={view.saving || readOnly}
            aria-describedby="suggestions-hint"
          />
          <span>
            <span className="font-medium text-slate-800">Suggest quests and prices from my data</span>
            <span id="suggestions-hint" className="block text-slate-600">
              {suggestionsHint(quests.data)}
            </span>
          </span>
        </label>
      </fieldset>
      {hasDraft && <KpiCard appId={appId} />}
      {view.error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {view.error}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        {view.dirty && <span className="text-sm text-amber-700">Unsaved changes</span>}
        <Button type="submit" busy={view.saving} deniedReason={denied}>
          Save
        </Button>
      </div>
      <ConfirmDialog
        open={view.confirmingLeave}
        title="Leave without saving?"
        message="You have unsaved changes to the target. If you leave this page, they will be lost."
        confirmLabel="Leave"
        onConfirm={actions.confirmLeave}
        onCancel={actions.stay}
      />
    </form>
  );
}

function fieldError(error: string | undefined): string | null {
  if (!error) return null;
  return error === 'required' ? 'This field is required.' : `This field ${error}.`;
}

/**
 * The Revenue Settings dialog (docs/integrations.md §Screens and routes): selects for Revenue Type, Revenue Parameter and Currency Parameter (choices
 * from the event's parameters; the revenue one only numbers, the currency one only text), Save, and Delete only when settings exist. Thin: the
 * revenue-settings flow holds the form and runs the calls; Escape and Cancel close it unless a call runs.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { REVENUE_TYPES, REVENUE_TYPE_LABELS } from '../../contracts/integrations';
import { revenueParameterChoices, type EventParameter } from '../../contracts/revenue-settings';
import type { RevenueForm, RevenueSettingsActor } from '../../machines/revenue-settings/revenue-settings.machine';
import {
  selectRevenueDialog,
  revenueSettingsActions,
} from '../../machines/revenue-settings/revenue-settings.selectors';
import { Modal } from '../ui/Modal';
import { Button } from '../ui/Button';
import { useActions } from '../flows/useActions';

const SELECT =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-100 disabled:bg-slate-50';

function Choice({
  label,
  field,
  value,
  options,
  busy,
  change,
  hint,
  autoFocus,
}: {
  label: string;
  field: keyof RevenueForm;
  value: string;
  options: { value: string; label: string }[];
  busy: boolean;
  change: (field: keyof RevenueForm, value: string) => void;
  hint?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={busy}
        required
        data-autofocus={autoFocus || undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => change(field, e.target.value)}
        className={SELECT}
      >
        <option value="" disabled>
          Choose…
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

export function RevenueSettingsDialog({
  actor,
  parameters,
}: {
  actor: RevenueSettingsActor;
  parameters: readonly EventParameter[];
}) {
  const view = useSelector(actor, selectRevenueDialog);
  const actions = useActions(actor, revenueSettingsActions);
  const busy = view.saving || view.deleting;
  const { revenue: numeric, currency: text } = revenueParameterChoices(parameters);
  const asOption = (p: EventParameter) => ({ value: p.name, label: `${p.name} (${p.dataType})` });
  return (
    <Modal
      open={view.open}
      title="Revenue Settings"
      busy={busy}
      onClose={actions.close}
      footer={
        <>
          {view.showDelete && (
            <Button
              variant="danger"
              className="mr-auto"
              busy={view.deleting}
              disabled={!view.canDelete}
              onClick={actions.remove}
            >
              Delete
            </Button>
          )}
          <Button variant="secondary" disabled={busy} onClick={actions.close}>
            Cancel
          </Button>
          <Button busy={view.saving} disabled={!view.canSave} onClick={actions.save}>
            Save
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          actions.save();
        }}
      >
        <Choice
          label="Revenue Type"
          field="revenueType"
          value={view.form.revenueType}
          busy={busy}
          change={actions.change}
          autoFocus
          options={REVENUE_TYPES.map((type) => ({ value: type, label: REVENUE_TYPE_LABELS[type] }))}
        />
        <Choice
          label="Revenue Parameter"
          field="revenueEp"
          value={view.form.revenueEp}
          busy={busy}
          change={actions.change}
          options={numeric.map(asOption)}
          hint={
            numeric.length === 0
              ? 'This event has no numeric parameter to count as revenue.'
              : 'The amount each event counts as revenue.'
          }
        />
        <Choice
          label="Currency Parameter"
          field="currencyEp"
          value={view.form.currencyEp}
          busy={busy}
          change={actions.change}
          options={text.map(asOption)}
          hint={
            text.length === 0
              ? 'This event has no text parameter to read the currency from.'
              : 'The parameter holding the currency code.'
          }
        />
      </form>
    </Modal>
  );
}

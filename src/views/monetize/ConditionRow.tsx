/**
 * One target condition of the Monetize form (docs/monetize.md §Entities Target condition, §Rules and limits per-condition rules): type, metric, then a
 * player key or an event of the app's event source with one of its parameters; the dataType follows the key or
 * parameter; the operator and the value input follow the dataType (a whole number, a date and time, or text).
 */
import { useId, type ReactNode } from 'react';
import {
  CONDITION_METRICS,
  CONDITION_TYPES,
  OPERATORS,
  USER_KEYS,
  type ConditionType,
  type MonetizeEvent,
} from '../../contracts/monetize';
import type { ConditionDraft } from '../../machines/monetize-form/form-draft';

interface Props {
  index: number;
  condition: ConditionDraft;
  events: readonly MonetizeEvent[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (patch: Partial<ConditionDraft>) => void;
  onRemove: () => void;
}

function Field({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | null;
  children: (id: string, describedBy?: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children(id, error ? `${id}-error` : undefined)}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}

const control = (error: unknown) =>
  `mt-1 block w-full rounded-lg border bg-white px-2.5 py-1.5 text-sm outline-none focus:ring-2 disabled:bg-slate-50 ${error ? 'border-rose-400 focus:ring-rose-200' : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-100'}`;

export function ConditionRow({ index, condition: c, events, errors, disabled, onChange, onRemove }: Props) {
  const error = (field: string) => errors[`targetConditions.${index}.${field}`] ?? null;
  const isEvent = c.type === 'event';
  const metrics = CONDITION_METRICS[(c.type === 'event' ? 'event' : 'user') as ConditionType];
  const event = events.find((e) => e.id === c.eventId);
  const params = event ? Object.keys(event.params) : [];
  const operators = c.dataType ? OPERATORS[c.dataType] : [];
  const select = (
    field: keyof ConditionDraft,
    label: string,
    options: { value: string; label: string }[],
    placeholder?: string,
  ) => (
    <Field label={label} error={error(field)}>
      {(id, describedBy) => (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={!!error(field) || undefined}
          className={control(error(field))}
          value={c[field]}
          disabled={disabled}
          onChange={(e) => onChange({ [field]: e.target.value })}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <li className="rounded-xl border border-slate-200 p-3" aria-label={`Condition ${index + 1}`}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {select('type', 'Type', [...CONDITION_TYPES])}
        {select('metric', 'Metric', [...metrics])}
        {isEvent ? (
          <>
            {select(
              'eventId',
              'Event',
              events.map((e) => ({ value: e.id, label: e.eventName })),
              events.length ? 'Choose an event' : 'No events in the event source',
            )}
            {error('event') && !error('eventId') && <p className="text-xs text-rose-600">{error('event')}</p>}
            {select(
              'eventParam',
              'Parameter',
              params.map((p) => ({ value: p, label: p })),
              'Choose a parameter',
            )}
          </>
        ) : (
          select('key', 'Key', [...(USER_KEYS[c.metric] ?? [])], USER_KEYS[c.metric] ? undefined : 'Choose a key')
        )}
        <Field label="Data type" error={error('dataType')}>
          {(id, describedBy) => (
            <input
              id={id}
              aria-describedby={describedBy}
              readOnly
              className={`${control(error('dataType'))} bg-slate-50 text-slate-600`}
              value={c.dataType || '—'}
            />
          )}
        </Field>
        {select('op', 'Operator', [...operators])}
        <Field label={c.dataType === 'timestamp' ? 'Value (UTC)' : 'Value'} error={error('value')}>
          {(id, describedBy) => (
            <input
              id={id}
              aria-describedby={describedBy}
              aria-invalid={!!error('value') || undefined}
              className={control(error('value'))}
              type={c.dataType === 'number' ? 'number' : c.dataType === 'timestamp' ? 'datetime-local' : 'text'}
              step={c.dataType === 'number' ? 1 : undefined}
              maxLength={c.dataType === 'string' ? 500 : undefined}
              value={c.value}
              disabled={disabled}
              onChange={(e) => onChange({ value: e.target.value })}
            />
          )}
        </Field>
      </div>
      {(error('eventSource') || error('key')) && (
        <p className="mt-2 text-xs text-rose-600">{error('eventSource') ?? error('key')}</p>
      )}
      <div className="mt-2 flex justify-end">
        <button
          type="button"
          disabled={disabled}
          onClick={onRemove}
          className="rounded px-2 py-1 text-sm font-medium text-rose-700 hover:bg-rose-50 disabled:text-slate-400"
        >
          Remove condition {index + 1}
        </button>
      </div>
    </li>
  );
}

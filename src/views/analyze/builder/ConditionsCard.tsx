/**
 * Conditions card (docs/analyze.md §Report states, §Rules and limits): a searchable list of columns adds a filter row; each row has a checkbox (new rows
 * start checked), a comparison chosen among those of its data type, and a value input by type — numbers, text, dates
 * (YYYY-MM-DD), timestamps (YYYY-MM-DD HH:mm:ssZ), two inputs for between, chips for is-one-of / is-not-one-of, and
 * nothing for value-less comparisons. Relative date comparisons show the dates they cover.
 */
import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import {
  INTEGER_TYPES,
  NUMERIC_TYPES,
  VALUELESS_COMPARISONS,
  isRelativeDateComparison,
  type Comparison,
  type ConditionValue,
  type ResolvedDates,
  type SampleValue,
} from '../../../contracts/analyze';
import {
  addTokens,
  columnLabel,
  comparisonsFor,
  formatDateValue,
  formatTimestampValue,
  isOneOfComparison,
  previewRelativeDates,
  removeToken,
  resolvedDatesOf,
  splitTokenInput,
  toDateTimeLocal,
  tokensOf,
  type ConditionRow,
} from '../../../machines/report-builder/report-builder.logic';
import type { SettingsView } from '../../../machines/report-builder/report-builder.selectors';
import {
  ColumnPicker,
  IconButton,
  SettingsCard,
  idDetail,
  inputClass,
  invalidInputClass,
  labelWithId,
  useRemovalFocus,
  type PickerHandle,
} from './parts';
import { CloseIcon } from '../icons';
import { type ReportBuilderActions } from '../../../machines/report-builder/report-builder.selectors';

type Actions = ReportBuilderActions;

export const comparisonLabel = (c: Comparison) => c.replace(/_/g, ' ');
const typeLabel: Record<string, string> = {
  INTEGER: '123',
  INT64: '123',
  FLOAT: '1.5',
  FLOAT64: '1.5',
  DOUBLE: '1.5',
  BOOL: 'yes/no',
  STRING: 'abc',
  DATE: 'date',
  TIMESTAMP: 'time',
};

export function ConditionsCard({
  view,
  actions,
  resolved,
}: {
  view: SettingsView;
  actions: Actions;
  resolved: ResolvedDates | null;
}) {
  const picker = useRef<PickerHandle>(null);
  const focus = useRemovalFocus(
    view.conditions.map((row) => row.key),
    () => picker.current?.focus(),
  );
  const options = view.dimensions.map((d) => ({
    value: d.column_name,
    label: columnLabel(d),
    detail: idDetail(columnLabel(d), d.column_name),
    hint: d.data_type,
  }));
  return (
    <SettingsCard title="Conditions" description="Filter the rows the report counts.">
      <ColumnPicker
        ref={picker}
        label="Search columns to filter"
        placeholder="Search columns to filter"
        options={options}
        disabled={!view.editable}
        onPick={(name) => actions.addCondition(name)}
      />
      <div className="mt-3 flex-1 space-y-2">
        {view.conditions.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-xs text-slate-500">
            No conditions: every row counts.
          </p>
        ) : (
          view.conditions.map((row, index) => (
            <ConditionRowView
              key={row.key}
              row={row}
              removeRef={focus.removeButton(row.key)}
              onRemove={() => {
                focus.removing(row.key, index);
                actions.removeCondition(row.key);
              }}
              label={columnLabel(
                view.dimensions.find((d) => d.column_name === row.column_name),
                row.column_name,
              )}
              error={view.conditionErrors[row.key] ?? null}
              editable={view.editable}
              actions={actions}
              resolved={resolved}
            />
          ))
        )}
      </div>
    </SettingsCard>
  );
}

function ConditionRowView({
  row,
  label,
  error,
  editable,
  actions,
  resolved,
  removeRef,
  onRemove,
}: {
  row: ConditionRow;
  removeRef: Ref<HTMLButtonElement>;
  onRemove: () => void;
  label: string;
  error: string | null;
  editable: boolean;
  actions: Actions;
  resolved: ResolvedDates | null;
}) {
  const id = useId();
  const setValue = (value: ConditionValue) => actions.setConditionValue(row.key, value);
  const valueless = VALUELESS_COMPARISONS.includes(row.comparison);
  const dates = isRelativeDateComparison(row.comparison)
    ? (resolvedDatesOf(resolved, row) ?? previewRelativeDates(row.comparison))
    : null;
  return (
    <div
      role="group"
      aria-label={`Condition ${label}`}
      className={`rounded-lg border p-2.5 ${error ? 'border-rose-300 bg-rose-50/40' : 'border-slate-200'} ${row.checked ? '' : 'opacity-70'}`}
    >
      <div className="flex items-center gap-2">
        <input
          id={`${id}-checked`}
          type="checkbox"
          checked={row.checked}
          disabled={!editable}
          onChange={(event) => actions.setConditionChecked(row.key, event.target.checked)}
          className="size-4 rounded border-slate-300 text-indigo-600 accent-indigo-600"
          aria-label={`Apply condition on ${label}`}
        />
        <label
          htmlFor={`${id}-checked`}
          className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800"
          title={labelWithId(label, row.column_name)}
        >
          {label}
        </label>
        <span
          className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-[10px] font-medium text-slate-600"
          title={row.data_type}
        >
          {typeLabel[row.data_type] ?? row.data_type}
        </span>
        <IconButton
          label={`Remove condition ${label}`}
          disabled={!editable}
          buttonRef={removeRef}
          onClick={onRemove}
          tone="danger"
        >
          <CloseIcon />
        </IconButton>
      </div>
      <div className="mt-2 space-y-2">
        <select
          aria-label={`Comparison for ${label}`}
          value={row.comparison}
          disabled={!editable}
          onChange={(event) => actions.setConditionComparison(row.key, event.target.value as Comparison)}
          className={inputClass}
        >
          {comparisonsFor(row.data_type).map((c) => (
            <option key={c} value={c}>
              {comparisonLabel(c)}
            </option>
          ))}
        </select>
        {!valueless && (
          <ValueInput
            row={row}
            label={label}
            invalid={!!error}
            disabled={!editable}
            onChange={setValue}
            describedBy={error ? `${id}-error` : undefined}
          />
        )}
        {dates && (
          <p className="text-xs text-slate-500">
            <span className="font-medium text-slate-600">{dates.date_start}</span> to{' '}
            <span className="font-medium text-slate-600">{dates.date_end}</span>{' '}
            <span className="text-slate-500">(UTC)</span>
          </p>
        )}
        {error && (
          <p id={`${id}-error`} role="alert" className="text-xs text-rose-600">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

const asText = (v: SampleValue | undefined) => (v === null || v === undefined ? '' : String(v));

function ValueInput({
  row,
  label,
  invalid,
  disabled,
  onChange,
  describedBy,
}: {
  row: ConditionRow;
  label: string;
  invalid: boolean;
  disabled: boolean;
  onChange: (value: ConditionValue) => void;
  describedBy?: string;
}) {
  if (isOneOfComparison(row.comparison)) {
    return (
      <TokenInput
        label={`Values for ${label}`}
        value={row.value}
        disabled={disabled}
        onChange={onChange}
        sample={row.sample_value}
      />
    );
  }
  if (row.comparison === 'between') {
    const [from, to] = Array.isArray(row.value) ? row.value : ['', ''];
    return (
      <div className="grid grid-cols-2 gap-2">
        <SingleValue
          row={row}
          label={`${label} from`}
          value={from}
          invalid={invalid && !asText(from)}
          disabled={disabled}
          describedBy={describedBy}
          onChange={(v) => onChange([v, to ?? ''])}
        />
        <SingleValue
          row={row}
          label={`${label} to`}
          value={to}
          invalid={invalid && !asText(to)}
          disabled={disabled}
          describedBy={describedBy}
          onChange={(v) => onChange([from ?? '', v])}
        />
      </div>
    );
  }
  return (
    <SingleValue
      row={row}
      label={`Value for ${label}`}
      value={Array.isArray(row.value) ? row.value[0] : row.value}
      invalid={invalid}
      disabled={disabled}
      describedBy={describedBy}
      onChange={onChange}
    />
  );
}

function SingleValue({
  row,
  label,
  value,
  invalid,
  disabled,
  onChange,
  describedBy,
}: {
  row: ConditionRow;
  label: string;
  value: SampleValue | undefined;
  invalid: boolean;
  disabled: boolean;
  onChange: (value: string) => void;
  describedBy?: string;
}) {
  const className = `${inputClass} ${invalid ? invalidInputClass : ''}`;
  const common = {
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    disabled,
    className,
  };
  if (row.data_type === 'DATE') {
    return (
      <input
        type="date"
        {...common}
        value={formatDateValue(asText(value))}
        onChange={(e) => onChange(formatDateValue(e.target.value))}
      />
    );
  }
  if (row.data_type === 'TIMESTAMP') {
    return (
      <input
        type="datetime-local"
        step={1}
        {...common}
        value={toDateTimeLocal(value)}
        onChange={(e) => onChange(formatTimestampValue(e.target.value))}
      />
    );
  }
  if (NUMERIC_TYPES.includes(row.data_type)) {
    return (
      <input
        type="number"
        inputMode={INTEGER_TYPES.includes(row.data_type) ? 'numeric' : 'decimal'}
        step={INTEGER_TYPES.includes(row.data_type) ? 1 : 'any'}
        placeholder={
          row.sample_value !== null && row.sample_value !== undefined ? `e.g. ${row.sample_value}` : undefined
        }
        {...common}
        value={asText(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <input
      type="text"
      placeholder={row.sample_value !== null && row.sample_value !== undefined ? `e.g. ${row.sample_value}` : undefined}
      {...common}
      value={asText(value)}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * docs/analyze.md §Rules and limits is-one-of chips: tokens are added on space, comma, Enter or blur; trimmed, non-empty, de-duplicated and
 * stored comma-joined; each chip can be deleted (its button, or Backspace in the empty input for the last one).
 */
export function TokenInput({
  label,
  value,
  disabled,
  onChange,
  sample,
}: {
  label: string;
  value: ConditionValue;
  disabled: boolean;
  onChange: (value: string) => void;
  sample?: SampleValue;
}) {
  const [text, setText] = useState('');
  const tokens = tokensOf(value);
  const commit = (input: string) => {
    if (input.trim()) onChange(addTokens(value, input));
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ' ') {
      event.preventDefault();
      commit(text);
    } else if (event.key === 'Backspace' && text === '' && tokens.length > 0) {
      event.preventDefault();
      onChange(removeToken(value, tokens[tokens.length - 1]!));
    }
  };
  return (
    <div>
      <div
        className={`flex min-h-9 flex-wrap items-center gap-1 rounded-lg border border-slate-300 bg-white px-1.5 py-1 shadow-sm focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-100 ${disabled ? 'bg-slate-50' : ''}`}
      >
        <ul aria-label={`${label} chips`} className="contents">
          {tokens.map((token) => (
            <li
              key={token}
              className="inline-flex max-w-full items-center gap-0.5 rounded-md bg-indigo-50 py-0.5 pr-0.5 pl-2 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200"
            >
              <span className="truncate">{token}</span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(removeToken(value, token))}
                aria-label={`Remove ${token}`}
                className="rounded p-0.5 text-indigo-500 hover:bg-indigo-100 hover:text-indigo-800"
              >
                <CloseIcon className="size-3" />
              </button>
            </li>
          ))}
        </ul>
        <input
          type="text"
          aria-label={label}
          disabled={disabled}
          value={text}
          placeholder={
            tokens.length === 0
              ? sample !== null && sample !== undefined && sample !== ''
                ? `e.g. ${String(sample)}`
                : 'Type a value, then space'
              : ''
          }
          onChange={(event) => {
            const { commit: complete, rest } = splitTokenInput(event.target.value);
            if (complete.length > 0) onChange(addTokens(value, complete.join(',')));
            setText(rest);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => commit(text)}
          className="min-w-20 flex-1 border-0 bg-transparent px-1 py-0.5 text-sm outline-none focus:ring-0"
        />
      </div>
      {tokens.length === 0 && !text && (
        <p className="mt-1 text-xs text-slate-500">
          Add values with space, comma or Enter. Until then this condition filters nothing.
        </p>
      )}
    </div>
  );
}

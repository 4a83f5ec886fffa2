/**
 * A step's payouts by country (docs/acquire.md §Payouts by country): in the quest editor a small table, one row per
 * country (the country, a multiplier of the step's payout or an absolute payout, the value, what it pays, Remove),
 * with "Add country"; read-only, the same rows as text (the quest's details, for every role).
 */
import {
  COUNTRY_PAYOUT_MODES,
  QUEST_MAX_COUNTRY_PAYOUTS,
  countryPayoutText,
  dollars,
  type CountryPayoutMode,
  type QuestStep,
} from '../../contracts/acquire';
import { MAX } from '../../contracts/codecs';
import type { FieldErrors } from '../../contracts/validation';
import { toNumber } from '../../contracts/validation';
import type { CountryPayoutField, CountryPayoutValues } from '../../machines/quest-editor/quest-editor.machine';
import { Button } from '../ui/Button';
import { countryName } from './CountryPicker';

export const MODE_LABELS: Record<CountryPayoutMode, string> = {
  multiplier: '× step payout',
  absolute: 'Absolute (USD)',
};

const CONTROL = 'block w-full min-w-0 rounded-lg border bg-white px-2 py-1.5 text-sm';
const controlClass = (invalid: boolean) =>
  `${CONTROL} ${invalid ? 'border-rose-400 focus:outline-rose-500' : 'border-slate-300'}`;

/** What a row pays with the step's payout as typed ('' while either is not a number). */
function pays(stepPayout: string, row: CountryPayoutValues): string {
  const value = toNumber(row.value);
  if (value === undefined) return '';
  if (row.mode === 'absolute') return dollars(value);
  const base = toNumber(stepPayout);
  return base === undefined ? '' : dollars(Math.round(base * 100 * value) / 100);
}

export function CountryPayoutsEditor({
  step,
  stepPayout,
  rows,
  countries,
  errors,
  disabled,
  onAdd,
  onRemove,
  onSet,
}: {
  /** The step's index. */
  step: number;
  stepPayout: string;
  rows: readonly CountryPayoutValues[];
  /** The quest's countries: the ones a row may name. */
  countries: readonly string[];
  errors: FieldErrors;
  disabled: boolean;
  onAdd: () => void;
  onRemove: (row: number) => void;
  onSet: (row: number, field: CountryPayoutField, value: string) => void;
}) {
  const n = step + 1;
  const at = `steps.${step}.countryPayouts`;
  const errorId = (j: number, field: string) => `step-${step}-country-payout-${j}-${field}`;
  const listError = errors[at];
  return (
    <div className="mt-3">
      <p id={`step-${step}-country-payouts`} className="text-sm font-medium text-slate-700">
        Payouts by country
      </p>
      {rows.length === 0 ? (
        <p className="mt-1 text-xs text-slate-600">Every country pays the step payout.</p>
      ) : (
        <table className="mt-1 w-full table-fixed text-sm" aria-labelledby={`step-${step}-country-payouts`}>
          <thead>
            <tr className="text-left text-xs text-slate-600">
              <th scope="col" className="w-[30%] pb-1 pr-2 font-medium">
                Country
              </th>
              <th scope="col" className="w-[26%] pb-1 pr-2 font-medium">
                Kind
              </th>
              <th scope="col" className="w-[16%] pb-1 pr-2 font-medium">
                Value
              </th>
              <th scope="col" className="w-[12%] pb-1 pr-2 font-medium">
                Pays
              </th>
              <th scope="col" className="w-[16%] pb-1 font-medium">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, j) => {
              const countryError = errors[`${at}.${j}.country`];
              const valueError = errors[`${at}.${j}.value`];
              const options = countries.includes(row.country) || !row.country ? countries : [row.country, ...countries];
              return (
                <tr key={j} className="align-top" data-country-payout={row.country || undefined}>
                  <td className="py-1 pr-2">
                    <select
                      aria-label={`Step ${n} country ${j + 1}`}
                      value={row.country}
                      onChange={(e) => onSet(j, 'country', e.target.value)}
                      disabled={disabled}
                      aria-invalid={countryError ? true : undefined}
                      aria-describedby={countryError ? errorId(j, 'country') : undefined}
                      className={controlClass(Boolean(countryError))}
                    >
                      {!row.country && <option value="">Choose a country</option>}
                      {options.map((code) => (
                        <option key={code} value={code}>
                          {countryName(code)} ({code})
                        </option>
                      ))}
                    </select>
                    {countryError && (
                      <p id={errorId(j, 'country')} className="mt-1 text-xs text-rose-600">
                        Country {countryError}.
                      </p>
                    )}
                  </td>
                  <td className="py-1 pr-2">
                    <select
                      aria-label={`Step ${n} kind ${j + 1}`}
                      value={row.mode}
                      onChange={(e) => onSet(j, 'mode', e.target.value)}
                      disabled={disabled}
                      className={controlClass(false)}
                    >
                      {COUNTRY_PAYOUT_MODES.map((mode) => (
                        <option key={mode} value={mode}>
                          {MODE_LABELS[mode]}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="py-1 pr-2">
                    <input
                      aria-label={`Step ${n} value ${j + 1}`}
                      inputMode="decimal"
                      value={row.value}
                      onChange={(e) => onSet(j, 'value', e.target.value)}
                      disabled={disabled}
                      maxLength={MAX.label}
                      placeholder={row.mode === 'multiplier' ? '1.5' : '2.00'}
                      aria-invalid={valueError ? true : undefined}
                      aria-describedby={valueError ? errorId(j, 'value') : undefined}
                      className={controlClass(Boolean(valueError))}
                    />
                    {valueError && (
                      <p id={errorId(j, 'value')} className="mt-1 text-xs text-rose-600">
                        {row.mode === 'multiplier' ? 'Multiplier' : 'Payout'} {valueError}.
                      </p>
                    )}
                  </td>
                  <td className="py-2 pr-2 tabular-nums text-slate-700">{pays(stepPayout, row)}</td>
                  <td className="py-1 text-right">
                    <Button
                      variant="ghost"
                      className="px-2"
                      aria-label={`Remove country ${j + 1} of step ${n}`}
                      onClick={() => onRemove(j)}
                      disabled={disabled}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {listError && <p className="mt-1 text-xs text-rose-600">Payouts by country {listError}.</p>}
      <Button
        variant="secondary"
        className="mt-2"
        aria-label={`Add country to step ${n}`}
        onClick={onAdd}
        disabled={disabled || rows.length >= QUEST_MAX_COUNTRY_PAYOUTS}
      >
        Add country
      </Button>
    </div>
  );
}

/** A step's payouts by country, read-only ("Germany (DE): ×1.5 ($0.60)"); nothing when it lists none. */
export function CountryPayoutsList({ step }: { step: QuestStep }) {
  const rows = step.countryPayouts ?? [];
  if (rows.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Payouts by country">
      {rows.map((row) => (
        <li key={row.country}>
          {countryName(row.country)} ({row.country}):{' '}
          <span className="tabular-nums">{countryPayoutText(step, row)}</span>
        </li>
      ))}
    </ul>
  );
}

/** A searchable multi-select of countries (the account's supportedCountries), chosen ones shown as removable chips. */
import { useId, useMemo, useState } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';

const names =
  typeof Intl !== 'undefined' && 'DisplayNames' in Intl ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;
export const countryName = (code: string) => names?.of(code) ?? code;

export function CountryPicker({
  label,
  options,
  value,
  onChange,
  error,
  disabled,
}: {
  label: string;
  options: readonly string[];
  value: readonly string[];
  onChange: (countries: string[]) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((c) => c.toLowerCase().includes(q) || countryName(c).toLowerCase().includes(q)) : options;
  }, [options, query]);
  return (
    <div>
      <Combobox
        multiple
        value={[...value]}
        onChange={(next: string[]) => onChange(next)}
        onClose={() => setQuery('')}
        disabled={disabled}
      >
        <label htmlFor={`${id}-input`} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <div className="relative mt-1">
          <ComboboxInput
            id={`${id}-input`}
            aria-invalid={!!error || undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            placeholder="Search countries"
            className={`block w-full rounded-lg border px-3 py-2 pr-10 text-sm shadow-sm outline-none focus:ring-2 ${error ? 'border-rose-400 focus:ring-rose-200' : 'border-slate-300 focus:border-indigo-500 focus:ring-indigo-100'}`}
            onChange={(event) => setQuery(event.target.value)}
            displayValue={() => query}
          />
          <ComboboxButton
            aria-label={`Show ${label.toLowerCase()}`}
            className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500"
          >
            <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
              <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
            </svg>
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-40 mt-1 max-h-64 w-(--input-width) overflow-auto rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 empty:invisible"
        >
          {filtered.map((code) => (
            <ComboboxOption
              key={code}
              value={code}
              className="group flex cursor-default items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm text-slate-700 data-focus:bg-indigo-50"
            >
              <span>
                {countryName(code)} <span className="text-slate-500">({code})</span>
              </span>
              <span aria-hidden="true" className="invisible text-indigo-600 group-data-selected:visible">
                ✓
              </span>
            </ComboboxOption>
          ))}
          {filtered.length === 0 && <p className="px-3 py-2 text-sm text-slate-500">No country matches.</p>}
        </ComboboxOptions>
      </Combobox>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-rose-600">
          {error}
        </p>
      )}
      {value.length > 0 && (
        <ul aria-label={`Chosen ${label.toLowerCase()}`} className="mt-2 flex flex-wrap gap-2">
          {value.map((code) => (
            <li
              key={code}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-xs font-medium text-indigo-800 ring-1 ring-indigo-200"
            >
              {countryName(code)}
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove ${countryName(code)}`}
                onClick={() => onChange(value.filter((c) => c !== code))}
                className="flex size-5 items-center justify-center rounded-full hover:bg-indigo-100 disabled:opacity-50"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

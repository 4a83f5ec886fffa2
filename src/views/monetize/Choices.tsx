/**
 * The Monetize form's list pickers: a searchable checkbox list (countries of the account's supportedCountries, or the
 * workspace's other apps) and an all | some radio pair (docs/monetize.md §Entities form-only sendTrafficToApp / displayQuestTo).
 */
import { useId, useState } from 'react';
import type { Audience } from '../../contracts/monetize';

interface Option {
  value: string;
  label: string;
}

export function CheckList({
  legend,
  options,
  selected,
  onChange,
  disabled,
  error,
  searchable,
}: {
  legend: string;
  options: readonly Option[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  disabled?: boolean;
  error?: string | null;
  searchable?: boolean;
}) {
  const [query, setQuery] = useState('');
  const id = useId();
  const shown = options.filter((o) => `${o.value} ${o.label}`.toLowerCase().includes(query.trim().toLowerCase()));
  const toggle = (value: string) =>
    onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={!!error || undefined}>
      <legend className="text-sm font-medium text-slate-700">
        {legend} <span className="font-normal text-slate-500">({selected.length} selected)</span>
      </legend>
      {searchable && (
        <input
          type="search"
          aria-label={`Search ${legend.toLowerCase()}`}
          placeholder="Search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="mt-2 block w-full rounded-lg border border-slate-300 px-3 py-1.5 text-sm outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-100"
        />
      )}
      {/* Focusable when its boxes are not (disabled for a viewer), so the list still scrolls from the keyboard. */}
      <div
        tabIndex={disabled ? 0 : undefined}
        aria-label={disabled ? `${legend} (read only)` : undefined}
        role={disabled ? 'group' : undefined}
        className={`mt-2 grid max-h-48 grid-cols-2 gap-1 overflow-y-auto rounded-lg border p-2 sm:grid-cols-3 ${error ? 'border-rose-400' : 'border-slate-200'}`}
      >
        {shown.map((o) => (
          <label
            key={o.value}
            className="flex items-center gap-2 rounded px-1.5 py-1 text-sm text-slate-800 hover:bg-slate-50"
          >
            <input
              type="checkbox"
              checked={selected.includes(o.value)}
              disabled={disabled}
              onChange={() => toggle(o.value)}
              className="size-4 accent-indigo-600"
            />
            <span className="truncate">{o.label}</span>
          </label>
        ))}
        {shown.length === 0 && (
          <p className="col-span-full px-1.5 py-1 text-sm text-slate-500">Nothing matches “{query}”.</p>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-rose-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function AudienceChoice({
  legend,
  name,
  value,
  labels,
  onChange,
  disabled,
  error,
}: {
  legend: string;
  name: string;
  value: Audience;
  labels: Record<Audience, string>;
  onChange: (next: Audience) => void;
  disabled?: boolean;
  error?: string | null;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {(['all', 'some'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              disabled={disabled}
              onChange={() => onChange(option)}
              className="size-4 accent-indigo-600"
            />
            {labels[option]}
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-xs text-rose-600">{error}</p>}
    </fieldset>
  );
}

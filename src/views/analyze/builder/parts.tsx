/**
 * Building blocks of the settings panel: a card, a searchable column picker (Headless UI Combobox, grouped options,
 * each option showing the column's label with its id beside it) and a reorderable list (drag and drop with the
 * mouse; Move up / Move down buttons and Alt+↑ / Alt+↓ from the keyboard; a remove button per item).
 *
 * Focus after a removal (ours): the next item's remove button, else the previous one's, else the card's search box
 * (focused without opening its list), so keyboard users keep their place (useRemovalFocus).
 */
import {
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { ChevronDownIcon, ChevronUpIcon, CloseIcon, GripIcon, SearchIcon } from '../icons';

export function SettingsCard({
  title,
  description,
  children,
  action,
  className = '',
}: {
  title: string;
  description?: string;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`flex min-w-0 flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      <div className="mb-3 flex items-start justify-between gap-2">
        <div>
          <h2 id={id} className="text-sm font-semibold text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-xs text-slate-500">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The column id to show beside a label, when the label says something else. */
export const idDetail = (label: string, id: string): string | undefined => (label !== id ? id : undefined);
/** A tooltip naming a column by its label and id. */
export const labelWithId = (label: string, id: string): string => (label !== id ? `${label} (${id})` : label);

export interface PickerOption {
  value: string;
  label: string;
  /** Shown beside the label in small type (the column id when it differs from the label). */
  detail?: string;
  hint?: string;
  group?: string;
  disabled?: boolean;
}

/** What a card can do with its picker: focus its search box without opening the list. */
export interface PickerHandle {
  focus(): void;
}

/** A search box that lists matching columns (grouped when options carry a group) and calls onPick. */
export function ColumnPicker({
  label,
  placeholder,
  options,
  onPick,
  disabled,
  emptyText = 'No matching columns',
  ref,
}: {
  label: string;
  placeholder: string;
  options: PickerOption[];
  onPick: (value: string) => void;
  disabled?: boolean;
  emptyText?: string;
  ref?: Ref<PickerHandle>;
}) {
  const [query, setQuery] = useState('');
  // A focus we give (after a removal) must not pop the list open as a user's focus does (`immediate`).
  const [quiet, setQuiet] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(
    ref,
    () => ({
      focus: () => {
        setQuiet(true);
        setFocusRequest((n) => n + 1);
      },
    }),
    [],
  );
  useEffect(() => {
    if (focusRequest > 0) input.current?.focus();
  }, [focusRequest]);
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.label.toLowerCase().includes(q) || o.value.toLowerCase().includes(q)) : options;
  }, [options, query]);
  const groups = useMemo(() => {
    const out: { name: string | undefined; options: PickerOption[] }[] = [];
    for (const option of filtered) {
      const last = out[out.length - 1];
      if (last && last.name === option.group) last.options.push(option);
      else out.push({ name: option.group, options: [option] });
    }
    return out;
  }, [filtered]);
  return (
    <Combobox<PickerOption | null>
      value={null}
      onChange={(option) => {
        if (option && !option.disabled) {
          onPick(option.value);
          setQuery('');
        }
      }}
      onClose={() => setQuery('')}
      disabled={disabled}
      immediate={!quiet}
    >
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400" />
        <ComboboxInput
          ref={input}
          onBlur={() => setQuiet(false)}
          aria-label={label}
          placeholder={placeholder}
          className="block w-full rounded-lg border border-slate-300 py-1.5 pr-8 pl-8 text-sm shadow-sm outline-none placeholder:text-slate-400 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-100 disabled:bg-slate-50"
          displayValue={() => query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <ComboboxButton
          aria-label={`Show ${label.replace(/^Search /, '')}`}
          className="absolute inset-y-0 right-0 flex items-center rounded-r-lg px-2 text-slate-400 hover:text-slate-600 disabled:opacity-50"
        >
          <ChevronDownIcon />
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor={{ to: 'bottom start', gap: 4 }}
        className="z-40 max-h-72 w-(--input-width) min-w-56 overflow-y-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200 empty:invisible"
      >
        {filtered.length === 0 ? (
          <div className="px-3 py-2 text-slate-500">{emptyText}</div>
        ) : (
          groups.map((group, gi) => (
            <div key={`${group.name ?? ''}-${gi}`} role="presentation">
              {group.name && (
                <div
                  role="presentation"
                  className="sticky top-0 bg-slate-50 px-3 py-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {group.name}
                </div>
              )}
              {group.options.map((option) => (
                <ComboboxOption
                  key={option.value}
                  value={option}
                  disabled={option.disabled}
                  className="group flex cursor-pointer items-center justify-between gap-3 px-3 py-1.5 text-slate-700 data-disabled:cursor-default data-disabled:text-slate-400 data-focus:bg-indigo-50 data-focus:text-indigo-800"
                >
                  <span className="flex min-w-0 items-baseline gap-2" title={option.detail}>
                    <span className="truncate">{option.label}</span>
                    {option.detail && (
                      <span className="truncate font-mono text-[11px] text-slate-600 group-data-disabled:text-slate-400">
                        {option.detail}
                      </span>
                    )}
                  </span>
                  {option.hint && (
                    <span className="shrink-0 text-xs text-slate-600 group-data-disabled:text-slate-400">
                      {option.hint}
                    </span>
                  )}
                </ComboboxOption>
              ))}
            </div>
          ))
        )}
      </ComboboxOptions>
    </Combobox>
  );
}

/**
 * Keeps the keyboard focus in a list whose items have remove buttons: after an item is removed, the focus goes to
 * the remove button now at its place (the next item's), else to the previous item's, else `fallback` (the card's
 * add/search control). `removeButton(key)` is the ref of an item's remove button; call `removing(key, index)` just
 * before asking for the removal.
 */
export type RemovalFocus = ReturnType<typeof useRemovalFocus>;

export function useRemovalFocus(keys: readonly string[], fallback: () => void) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pending = useRef<{ key: string; index: number } | null>(null);
  const fallbackRef = useRef(fallback);
  const keysRef = useRef(keys);
  useLayoutEffect(() => {
    fallbackRef.current = fallback;
    keysRef.current = keys;
  });
  const joined = keys.join('\u0000');
  useLayoutEffect(() => {
    const keys = keysRef.current;
    const removed = pending.current;
    pending.current = null;
    if (!removed || keys.includes(removed.key)) return; // nothing removed, or the removal did not happen
    const target = keys[removed.index] ?? keys[removed.index - 1];
    const button = target === undefined ? undefined : buttons.current.get(target);
    if (button) button.focus();
    else fallbackRef.current();
    // `joined` stands for `keys` (read from keysRef, kept current above): only a change of the list matters.
  }, [joined]);
  const removeButton = useCallback(
    (key: string) => (element: HTMLButtonElement | null) => {
      if (element) buttons.current.set(key, element);
      else if (buttons.current.get(key)?.isConnected === false) buttons.current.delete(key);
    },
    [],
  );
  const removing = useCallback((key: string, index: number) => {
    pending.current = { key, index };
  }, []);
  return { removeButton, removing };
}

/**
 * A list the user reorders by dragging or with the keyboard, and removes items from. `removal` (useRemovalFocus,
 * held by the card, as the list itself is gone once empty) places the focus after a removal.
 */
export function SortableList<T>({
  items,
  keyOf,
  labelOf,
  titleOf,
  render,
  onMove,
  onRemove,
  removal,
  disabled,
  listLabel,
}: {
  items: readonly T[];
  keyOf: (item: T) => string;
  labelOf: (item: T) => string;
  /** The item's tooltip (e.g. label and column id); the label by default. */
  titleOf?: (item: T) => string;
  render?: (item: T, index: number) => ReactNode;
  onMove: (from: number, to: number) => void;
  onRemove: (item: T) => void;
  removal: RemovalFocus;
  disabled?: boolean;
  listLabel: string;
}) {
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    if (!event.altKey || disabled) return;
    if (event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      onMove(index, index - 1);
    } else if (event.key === 'ArrowDown' && index < items.length - 1) {
      event.preventDefault();
      onMove(index, index + 1);
    }
  };
  return (
    <ul aria-label={listLabel} className="space-y-1.5">
      {items.map((item, index) => {
        const label = labelOf(item);
        return (
          <li
            key={keyOf(item)}
            draggable={!disabled}
            onDragStart={(event) => {
              setDragFrom(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(index));
            }}
            onDragOver={(event) => {
              if (dragFrom === null) return;
              event.preventDefault();
              setOver(index);
            }}
            onDragLeave={() => setOver((o) => (o === index ? null : o))}
            onDrop={(event) => {
              event.preventDefault();
              if (dragFrom !== null) onMove(dragFrom, index);
              setDragFrom(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragFrom(null);
              setOver(null);
            }}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`group flex items-center gap-1.5 rounded-lg border bg-white py-1 pr-1 pl-1.5 text-sm transition ${
              over === index && dragFrom !== index ? 'border-indigo-400 ring-2 ring-indigo-100' : 'border-slate-200'
            } ${dragFrom === index ? 'opacity-50' : ''}`}
          >
            <span
              className={`text-slate-400 ${disabled ? '' : 'cursor-grab active:cursor-grabbing'}`}
              title="Drag to reorder"
              aria-hidden="true"
            >
              <GripIcon />
            </span>
            <span className="min-w-0 flex-1 truncate text-slate-800" title={titleOf ? titleOf(item) : label}>
              {render ? render(item, index) : label}
            </span>
            <span className="flex shrink-0 items-center">
              <IconButton
                label={`Move ${label} up`}
                disabled={disabled || index === 0}
                onClick={() => onMove(index, index - 1)}
                hideUntilHover
              >
                <ChevronUpIcon />
              </IconButton>
              <IconButton
                label={`Move ${label} down`}
                disabled={disabled || index === items.length - 1}
                onClick={() => onMove(index, index + 1)}
                hideUntilHover
              >
                <ChevronDownIcon />
              </IconButton>
              <IconButton
                label={`Remove ${label}`}
                disabled={disabled}
                buttonRef={removal.removeButton(keyOf(item))}
                onClick={() => {
                  removal.removing(keyOf(item), index);
                  onRemove(item);
                }}
                tone="danger"
              >
                <CloseIcon />
              </IconButton>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export function IconButton({
  label,
  onClick,
  disabled,
  children,
  tone = 'default',
  hideUntilHover,
  buttonRef,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
  tone?: 'default' | 'danger';
  hideUntilHover?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className={`rounded-md p-1 transition disabled:pointer-events-none ${
        tone === 'danger'
          ? 'text-slate-400 hover:bg-rose-50 hover:text-rose-600'
          : 'text-slate-400 hover:bg-slate-100 hover:text-slate-700'
      } ${
        hideUntilHover
          ? 'disabled:opacity-30 desk:opacity-0 desk:group-focus-within:opacity-100 desk:group-hover:opacity-100 desk:focus-visible:opacity-100 desk:disabled:opacity-0 desk:group-focus-within:disabled:opacity-30 desk:group-hover:disabled:opacity-30'
          : 'disabled:opacity-30'
      }`}
    >
      {children}
    </button>
  );
}

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm shadow-sm outline-none focus:border-indigo-500 focus:ring-2 focus:ring-indigo-100 disabled:bg-slate-50 disabled:text-slate-500';
export const invalidInputClass = 'border-rose-400 focus:border-rose-500 focus:ring-rose-100';

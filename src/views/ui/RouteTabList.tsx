/**
 * A tab list whose tabs are routes (App Settings, Acquire): each tab a link with role tab, the selected one controlling
 * the panel `${idPrefix}-panel`; the panel labels itself with `tabId(idPrefix, tab)`. Keyboard as the ARIA tabs
 * pattern: Tab reaches the selected tab only; Left/Right arrows (wrapping), Home and End move to a tab and open it.
 */
import type { KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';

export const tabId = (idPrefix: string, tab: string) => `${idPrefix}-tab-${tab}`;

const STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

export function RouteTabList({
  label,
  idPrefix,
  tabs,
  selected,
  hrefOf,
}: {
  label: string;
  idPrefix: string;
  tabs: readonly { tab: string; label: string }[];
  selected: string;
  hrefOf: (tab: string) => string;
}) {
  const [, navigate] = useLocation();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key];
    if (!step || tabs.length === 0) return;
    event.preventDefault();
    // From the focused tab (keys pressed faster than the route renders still move one tab each).
    const focused = tabs.findIndex((t) => tabId(idPrefix, t.tab) === (event.target as HTMLElement).id);
    const current = Math.max(0, focused >= 0 ? focused : tabs.findIndex((t) => t.tab === selected));
    const next = tabs[step(current, tabs.length)]!;
    document.getElementById(tabId(idPrefix, next.tab))?.focus();
    if (next.tab !== selected) navigate(hrefOf(next.tab));
  };
  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-200"
    >
      {tabs.map((t) => {
        const isSelected = t.tab === selected;
        return (
          <Link
            key={t.tab}
            href={hrefOf(t.tab)}
            role="tab"
            id={tabId(idPrefix, t.tab)}
            aria-selected={isSelected}
            aria-controls={isSelected ? `${idPrefix}-panel` : undefined}
            tabIndex={isSelected ? 0 : -1}
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ${isSelected ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {t.label}
          </Link>
        );
      })}
    </div>
  );
}

/**
 * A tab list whose tabs are routes (App Settings, Acquire): each tab a link with role tab, the selected one controlling
 * the panel `${idPrefix}-panel`; the panel labels itself with `tabId(idPrefix, tab)`.
 */
import { Link } from 'wouter';

export const tabId = (idPrefix: string, tab: string) => `${idPrefix}-tab-${tab}`;

export function RouteTabList({ label, idPrefix, tabs, selected, hrefOf }: {
  label: string;
  idPrefix: string;
  tabs: readonly { tab: string; label: string }[];
  selected: string;
  hrefOf(tab: string): string;
}) {
  return (
    <div role="tablist" aria-label={label} className="mt-4 flex gap-1 overflow-x-auto border-b border-slate-200">
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
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-500 ${isSelected ? 'border-indigo-600 text-indigo-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
          >
            {t.label}
          </Link>
        );
      })}
    </div>
  );
}

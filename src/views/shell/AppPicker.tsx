/** App selector (SPEC §2): inside app pages on the side navigation, and as the narrow-screen app dropdown. */
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import type { App } from '../../contracts/apps';
import { AppIcon, platformLabel } from './AppIcon';

export default function AppPicker({ label, apps, current, onPick }: { label: string; apps: App[]; current: App; onPick(app: App): void }) {
  return (
    <Listbox value={current} by="id" onChange={(app: App) => app.id !== current.id && onPick(app)}>
      <ListboxButton aria-label={label} className="flex w-full items-center gap-2 rounded-lg bg-white px-2 py-1.5 text-left text-sm ring-1 ring-slate-200 hover:bg-slate-50">
        <AppIcon app={current} />
        <span className="min-w-0 flex-1 truncate font-medium">{current.appName}</span>
        <span className="shrink-0 text-xs text-slate-500">{platformLabel(current.platform)}</span>
      </ListboxButton>
      <ListboxOptions anchor="bottom start" className="z-50 mt-1 w-[var(--button-width)] min-w-56 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none">
        {apps.map((app) => (
          <ListboxOption key={app.id} value={app} className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-2 text-sm data-focus:bg-slate-100 data-selected:font-semibold">
            <AppIcon app={app} />
            <span className="flex-1 truncate">{app.appName}</span>
            <span className="text-xs text-slate-500">{platformLabel(app.platform)}</span>
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}

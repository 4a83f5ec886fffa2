/**
 * App selector (docs/workspace.md §Screens and routes): inside app pages on the side navigation (visible label "App"), and as the narrow-screen
 * app dropdown in the header (label for assistive technology only). The button's name is its label followed by what
 * it shows (e.g. "App Pixel Racer Android"), so the visible text is part of it. Loaded on first use (LazyAppPicker).
 */
import { useRef } from 'react';
import { Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import type { App } from '../../contracts/apps';
import { useReplayIntent, type IntentRef } from '../ui/lazyOnIntent';
import { AppPickerFace, APP_PICKER_BUTTON_CLASS, appPickerLabelClass, type AppPickerProps } from './AppPickerFace';
import { AppIcon, platformLabel } from './AppIcon';

export default function AppPicker({
  label,
  labelVisible = false,
  apps,
  current,
  onPick,
  intent,
}: AppPickerProps & { intent?: IntentRef }) {
  const button = useRef<HTMLButtonElement>(null);
  useReplayIntent(intent, button, ' ');
  return (
    <Listbox value={current} by="id" onChange={(app: App) => app.id !== current.id && onPick(app)}>
      <Label className={appPickerLabelClass(labelVisible)}>{label}</Label>
      <ListboxButton ref={button} className={APP_PICKER_BUTTON_CLASS}>
        <AppPickerFace app={current} />
      </ListboxButton>
      <ListboxOptions
        anchor="bottom start"
        className="z-50 mt-1 w-[var(--button-width)] min-w-56 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        {apps.map((app) => (
          <ListboxOption
            key={app.id}
            value={app}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-2 text-sm data-focus:bg-slate-100 data-selected:font-semibold"
          >
            <AppIcon app={app} />
            <span className="flex-1 truncate">{app.appName}</span>
            <span className="text-xs text-slate-600">{platformLabel(app.platform)}</span>
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}

/** What the app selector's button shows and how its label looks, shared by the placeholder and the real Listbox. */
import type { App } from '../../contracts/apps';
import { AppIcon, platformLabel } from './AppIcon';

export interface AppPickerProps {
  /** The selector's name: "App" on the side navigation, "Switch app" in the narrow header. */
  label: string;
  /** Shows the label above the button (otherwise it is for assistive technology only). */
  labelVisible?: boolean;
  apps: App[];
  current: App;
  onPick: (app: App) => void;
}

export const APP_PICKER_BUTTON_CLASS =
  'flex w-full items-center gap-2 rounded-lg bg-white px-2 py-1.5 text-left text-sm ring-1 ring-slate-200 hover:bg-slate-50';

export const appPickerLabelClass = (visible: boolean) =>
  visible ? 'mb-2 block px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase' : 'sr-only';

export function AppPickerFace({ app }: { app: App }) {
  return (
    <>
      <AppIcon app={app} />
      <span className="min-w-0 flex-1 truncate font-medium">{app.appName}</span>
      <span className="shrink-0 text-xs text-slate-600">{platformLabel(app.platform)}</span>
    </>
  );
}

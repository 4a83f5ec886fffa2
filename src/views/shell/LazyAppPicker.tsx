/** The app selector loads only inside app pages (it pulls in the Listbox), keeping workspace pages light. */
import { lazy, Suspense, type ComponentProps } from 'react';
import { AppIcon } from './AppIcon';

const AppPicker = lazy(() => import('./AppPicker'));

export function LazyAppPicker(props: ComponentProps<typeof AppPicker>) {
  return (
    <Suspense fallback={<div className="flex items-center gap-2 rounded-lg px-2 py-1.5 ring-1 ring-slate-200"><AppIcon app={props.current} /><span className="truncate text-sm">{props.current.appName}</span></div>}>
      <AppPicker {...props} />
    </Suspense>
  );
}

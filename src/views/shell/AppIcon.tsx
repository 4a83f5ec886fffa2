/** An app's icon (or its initial; decorative, the name is always written beside it) and the platform label. */
import type { App } from '../../contracts/apps';

export function AppIcon({ app, className = 'size-6' }: { app: Pick<App, 'image' | 'appName'>; className?: string }) {
  return app.image ? (
    <img src={app.image} alt="" className={`${className} shrink-0 rounded-md object-cover`} />
  ) : (
    // The initial is drawn by CSS (not text in the DOM), as for the workspace face: a button named 'Switch app …'
    // must not read 'W Word Garden' (axe label-content-name-mismatch at 700 px for an app without an icon).
    <span
      aria-hidden="true"
      data-initial={app.appName.slice(0, 1)}
      className={`${className} flex shrink-0 items-center justify-center rounded-md bg-slate-200 text-xs font-bold text-slate-600 before:content-[attr(data-initial)]`}
    />
  );
}

export const platformLabel = (platform: App['platform']) => (platform === 'ios' ? 'iOS' : 'Android');

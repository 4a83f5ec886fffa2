/**
 * /workspace/{id}/app/{appId}/settings/{tab} (docs/app-settings.md §Screens and routes Settings): heading App Settings and a tab bar with every tab that
 * exists — General, Details and API Keys first as docs/app-settings.md §Screens and routes labels them, then Events, Catalogue, Messages and Acquisition
 * Links; changing a tab (click, or the arrow keys) navigates to its route, and an unknown tab goes to general. Each
 * tab's screen is loaded on demand.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { App } from '../../contracts/apps';
import type { Workspace } from '../../contracts/workspace';
import { Redirect, useParams } from 'wouter';
import { SETTINGS_TAB_BAR } from '../../contracts/app-settings';
import { href } from '../../paths';
import { useCurrentApp, useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { Spinner } from '../ui/Spinner';
import { RouteTabList, tabId } from '../ui/RouteTabList';

/** Each tab's screen, loaded on demand. */
const SCREENS: Record<string, LazyExoticComponent<ComponentType<{ app: App; workspace: Workspace }>>> = {
  general: lazy(() => import('./GeneralTab')),
  details: lazy(() => import('./DetailsTab')),
  apikeys: lazy(() => import('./ApiKeysTab')),
  events: lazy(() => import('./EventsTab')),
  catalogue: lazy(() => import('./CatalogueTab')),
  messages: lazy(() => import('./MessagesTab')),
  acquisitionLinks: lazy(() => import('./AcquisitionLinksTab')),
};

export default function AppSettingsPage() {
  const { tab = '' } = useParams<{ tab?: string }>();
  const workspace = useCurrentWorkspace();
  const app = useCurrentApp();
  if (!workspace || !app) return null;
  const tabHref = (t: string) => href.app(workspace.id, app.id, `settings/${t}`);
  const entry = SETTINGS_TAB_BAR.find((t) => t.tab === tab);
  const Screen = SCREENS[tab];
  if (!entry || !Screen) return <Redirect to={tabHref('general')} replace />;

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">App Settings</h1>
      <RouteTabList label="App settings" idPrefix="settings" tabs={SETTINGS_TAB_BAR} selected={tab} hrefOf={tabHref} />
      <div id="settings-panel" role="tabpanel" aria-labelledby={tabId('settings', tab)} className="mt-6">
        <Suspense fallback={<Spinner label={`Loading ${entry.label}`} />}>
          <Screen key={app.id} app={app} workspace={workspace} />
        </Suspense>
      </div>
    </section>
  );
}

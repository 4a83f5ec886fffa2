/**
 * /workspace/{id}/app/{appId}/settings/{tab} (SPEC §2 Settings): heading App Settings and the labelled tabs General,
 * Details and API Keys; changing a tab navigates to its route, and an unknown tab goes to general. The routes events,
 * catalogue, messages and acquisitionLinks exist too: catalogue and messages show under the heading and the tab list;
 * events and acquisitionLinks are pages of their own with their own heading. Each tab's screen is loaded on demand.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { App } from '../../contracts/apps';
import type { Workspace } from '../../contracts/workspace';
import { Redirect, useParams } from 'wouter';
import { LABELLED_SETTINGS_TABS } from '../../contracts/app-settings';
import { href, SETTINGS_TABS } from '../../paths';
import { useCurrentApp, useCurrentWorkspace } from '../workspace/useCurrentWorkspace';
import { Spinner } from '../ui/Spinner';
import { RouteTabList, tabId } from '../ui/RouteTabList';

const GeneralTab = lazy(() => import('./GeneralTab'));
const ApiKeysTab = lazy(() => import('./ApiKeysTab'));
const DetailsTab = lazy(() => import('./DetailsTab'));
const CatalogueTab = lazy(() => import('./CatalogueTab'));
const MessagesTab = lazy(() => import('./MessagesTab'));
/** The labelled tabs' screens (SPEC §2: General, Details, API Keys). */
const LABELLED_SCREENS: Partial<Record<string, typeof GeneralTab>> = {
  general: GeneralTab,
  details: DetailsTab,
  apikeys: ApiKeysTab,
};
/** Built screens of the tabs that have a route but no label (SPEC §2): shown under the page heading and tab list. */
const UNLABELLED_SCREENS: Partial<Record<string, typeof GeneralTab>> = {
  catalogue: CatalogueTab,
  messages: MessagesTab,
};

/** The screens of the routes without a label that are pages of their own, each with its own heading. */
const STANDALONE_SCREENS: Partial<Record<string, LazyExoticComponent<ComponentType<{ app: App; workspace: Workspace }>>>> = {
  events: lazy(() => import('./EventsTab')),
  acquisitionLinks: lazy(() => import('./AcquisitionLinksTab')),
};

const TAB_TITLES: Record<string, string> = {
  details: 'App Details',
  apikeys: 'API Keys',
  events: 'Events',
  catalogue: 'Catalogue',
  messages: 'Messages',
  acquisitionLinks: 'Acquisition Links',
};

export default function AppSettingsPage() {
  const { tab = '' } = useParams<{ tab?: string }>();
  const workspace = useCurrentWorkspace();
  const app = useCurrentApp();
  if (!workspace || !app) return null;
  const tabHref = (t: string) => href.app(workspace.id, app.id, `settings/${t}`);
  if (!(SETTINGS_TABS as readonly string[]).includes(tab)) return <Redirect to={tabHref('general')} replace />;
  const labelled = LABELLED_SETTINGS_TABS.some((t) => t.tab === tab);
  const Standalone = labelled ? undefined : STANDALONE_SCREENS[tab];
  if (Standalone) return <Suspense fallback={<Spinner label={`Loading ${TAB_TITLES[tab]}`} />}><Standalone key={app.id} app={app} workspace={workspace} /></Suspense>;
  const Screen = (labelled ? LABELLED_SCREENS[tab] : UNLABELLED_SCREENS[tab]) ?? GeneralTab;
  const label = LABELLED_SETTINGS_TABS.find((t) => t.tab === tab)?.label ?? TAB_TITLES[tab]!;

  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">App Settings</h1>
      <RouteTabList label="App settings" idPrefix="settings" tabs={LABELLED_SETTINGS_TABS} selected={tab} hrefOf={tabHref} />
      <div id="settings-panel" {...(labelled ? { role: 'tabpanel', 'aria-labelledby': tabId('settings', tab) } : {})} className="mt-6">
        <Suspense fallback={<Spinner label={`Loading ${label}`} />}>
          <Screen key={app.id} app={app} workspace={workspace} />
        </Suspense>
      </div>
    </section>
  );
}

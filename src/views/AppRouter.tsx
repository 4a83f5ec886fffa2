/**
 * Matches the URL against src/routes.ts, enforces sign-in and workspace membership on the client (the server
 * enforces them too; the shell adds a workspace's two-factor requirement), wraps workspace and app pages in the shell, and sets the document title of each page.
 */
import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { routes, type RouteDef } from '../routes';
import { href } from '../paths';
import { Session } from './flows/session';
import { selectAccount, selectStatus, selectWasRemovedFrom } from '../machines/session/session.selectors';
import { PageSpinner } from './ui/Spinner';
import { NotFoundPage } from './shell/NotFoundPage';
import { notify } from '../services/notify';
import { useSessionLink } from './shell/useSessionLink';
import { DocumentTitle } from './shell/DocumentTitle';
import { forgetShowSettingsAway } from '../machines/report-builder/show-settings';

// The shell (Headless UI menus and dialogs) loads only once a signed-in page shows, keeping /continue light.
const AppShell = lazy(() => import('./shell/AppShell'));

export const WORKSPACE_NOT_FOUND = 'Workspace not found!';
const NOT_FOUND_TITLE = 'Page not found';

function RedirectToSignIn() {
  const [location] = useLocation();
  const next = location.startsWith('/continue') ? '' : `?next=${encodeURIComponent(location)}`;
  return <Redirect to={`${href.signIn()}${next}`} replace />;
}

/** Not (or no longer) a member: home, with "Workspace not found!" unless the session already said it was left. */
function UnknownWorkspace({ workspaceId }: { workspaceId: string | undefined }) {
  const removed = Session.useSelector(selectWasRemovedFrom(workspaceId));
  // A layout effect: it runs in the same commit as the redirect below, before this page is gone (a passive effect
  // of a page that unmounts at once may never run).
  useLayoutEffect(() => {
    if (!removed) notify(WORKSPACE_NOT_FOUND, 'error', 3000);
  }, [removed]);
  return <Redirect to={href.home()} replace />;
}

function Guarded({ route }: { route: RouteDef }) {
  const status = Session.useSelector(selectStatus);
  const account = Session.useSelector(selectAccount);
  const params = useParams<{ workspaceId?: string; appId?: string }>();
  const View = route.view;
  if (route.shell === 'public')
    return (
      <>
        <DocumentTitle parts={[route.title]} />
        <View title={route.title} />
      </>
    );
  if (status === 'checking')
    return (
      <>
        <DocumentTitle parts={[route.title]} />
        <PageSpinner label="Checking your session" />
      </>
    );
  if (status === 'signedOut' || !account) return <RedirectToSignIn />;
  if (route.shell === 'session')
    return (
      <>
        <DocumentTitle parts={[route.title]} />
        <View />
      </>
    );
  const workspace = account.organisations?.find((w) => w.id === params.workspaceId) ?? null;
  if (!workspace) return <UnknownWorkspace workspaceId={params.workspaceId} />;
  if (route.guard && !route.guard({ workspace })) {
    return (
      <AppShell workspace={workspace}>
        <DocumentTitle parts={[NOT_FOUND_TITLE, workspace.name]} />
        <NotFoundPage />
      </AppShell>
    );
  }
  const app = route.shell === 'app' ? (workspace.apps?.find((a) => a.id === params.appId) ?? null) : null;
  if (route.shell === 'app' && !app) {
    return (
      <AppShell workspace={workspace}>
        <DocumentTitle parts={['App not found', workspace.name]} />
        <NotFoundPage title="App not found" message="This app does not exist in the workspace, or it was removed." />
      </AppShell>
    );
  }
  return (
    <AppShell workspace={workspace} app={app}>
      <DocumentTitle parts={[route.title, app?.appName, workspace.name]} />
      <View title={route.title} />
    </AppShell>
  );
}

function UnknownPage() {
  return (
    <>
      <DocumentTitle parts={[NOT_FOUND_TITLE]} />
      <NotFoundPage />
    </>
  );
}

export function AppRouter() {
  useSessionLink();
  const [location] = useLocation();
  // The report builder's showSettings flag lives only on the page of the report it names.
  useEffect(() => forgetShowSettingsAway(location), [location]);
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        {routes.map((route) => (
          <Route key={route.id} path={route.pattern}>
            <Guarded route={route} />
          </Route>
        ))}
        <Route path="/">
          <Redirect to={href.home()} replace />
        </Route>
        <Route>
          <UnknownPage />
        </Route>
      </Switch>
    </Suspense>
  );
}

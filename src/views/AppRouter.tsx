/**
 * Matches the URL against src/routes.ts, enforces sign-in and workspace membership on the client (the server
 * enforces them too), and wraps workspace and app pages in the shell.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { routes, type RouteDef } from '../routes';
import { href } from '../paths';
import { Session } from './flows/session';
import { selectAccount, selectStatus } from '../machines/session/session.selectors';
import { PageSpinner } from './ui/Spinner';
import { NotFoundPage } from './shell/NotFoundPage';
import { notify } from '../services/notify';
import { useSessionLink } from './shell/useSessionLink';

// The shell (Headless UI menus and dialogs) loads only once a signed-in page shows, keeping /continue light.
const AppShell = lazy(() => import('./shell/AppShell'));

export const WORKSPACE_NOT_FOUND = 'Workspace not found!';

function RedirectToSignIn() {
  const [location] = useLocation();
  const next = location.startsWith('/continue') ? '' : `?next=${encodeURIComponent(location)}`;
  return <Redirect to={`${href.signIn()}${next}`} replace />;
}

function UnknownWorkspace() {
  useEffect(() => {
    notify(WORKSPACE_NOT_FOUND, 'error', 3000);
  }, []);
  return <Redirect to={href.home()} replace />;
}

function Guarded({ route }: { route: RouteDef }) {
  const status = Session.useSelector(selectStatus);
  const account = Session.useSelector(selectAccount);
  const params = useParams<{ workspaceId?: string; appId?: string }>();
  const View = route.view;
  if (route.shell === 'public') return <View />;
  if (status === 'checking') return <PageSpinner label="Checking your session" />;
  if (status === 'signedOut' || !account) return <RedirectToSignIn />;
  if (route.shell === 'session') return <View />;
  const workspace = account.organisations?.find((w) => w.id === params.workspaceId) ?? null;
  if (!workspace) return <UnknownWorkspace />;
  if (route.guard && !route.guard({ workspace })) return <AppShell workspace={workspace}><NotFoundPage /></AppShell>;
  const app = route.shell === 'app' ? workspace.apps?.find((a) => a.id === params.appId) ?? null : null;
  if (route.shell === 'app' && !app) {
    return <AppShell workspace={workspace}><NotFoundPage title="App not found" message="This app does not exist in the workspace, or it was removed." /></AppShell>;
  }
  return (
    <AppShell workspace={workspace} app={app}>
      <View title={route.title} />
    </AppShell>
  );
}

export function AppRouter() {
  useSessionLink();
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
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}

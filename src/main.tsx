/**
 * Bootstrap: flags → (lazy) inspector → session (its flow's actor, created by useFlowActor with the
 * inspector's options) → router. The Google sign-in pop-up's
 * /oauth-callback page runs alone: no session restore (the opener owns the session; a pop-up that closes while it
 * checks the token must not touch it), no router.
 */
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import './views/shell/popstate-first'; // its listener goes in before the router's
import { focusAutofocusOnInsert } from './views/ui/autofocus-on-insert';
import { inspectRequested, startInspector } from './inspector';
import { Session } from './views/flows/session';
import { AppRouter } from './views/AppRouter';
import { Snackbars } from './views/ui/Snackbars';
import { href } from './paths';
import './index.css';

const OAuthCallbackPage = lazy(() => import('./views/analyze/OAuthCallbackPage'));

async function boot() {
  focusAutofocusOnInsert();
  const root = createRoot(document.getElementById('root')!);
  if (window.location.pathname === href.oauthCallback()) {
    root.render(
      <StrictMode>
        <Suspense fallback={null}>
          <OAuthCallbackPage />
        </Suspense>
      </StrictMode>,
    );
    return;
  }
  if (inspectRequested()) await startInspector();
  root.render(
    <StrictMode>
      <Session.Provider>
        <AppRouter />
        <Snackbars />
      </Session.Provider>
    </StrictMode>,
  );
}

void boot();

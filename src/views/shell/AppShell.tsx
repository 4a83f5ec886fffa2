/**
 * The shell of docs/workspace.md §Screens and routes: a skip link to the main content, the header (workspace selector with 'Create new', profile
 * menu with Logout, a menu button under 765 px), a left menu on wide screens and, on narrow ones, a full-screen
 * overlay menu that fades in and out in 300 ms and is modal (useOverlayFocus: focus inside, Escape closes, focus back
 * to the menu button; the rest of the page is inert meanwhile). A workspace that requires two-factor sign-in shows
 * its members without it "Two-factor sign-in required" in place of every page (docs/accounts.md §Two-factor sign-in).
 */
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useFade } from '../ui/useFade';
import { PageSpinner } from '../ui/Spinner';
import { SkipLink, MAIN_CONTENT_ID } from '../ui/SkipLink';
import type { Workspace } from '../../contracts/workspace';
import type { App } from '../../contracts/apps';
import { Header } from './Header';
import { SideNav } from './SideNav';
import { useOverlayFocus } from './useOverlayFocus';
import { DocumentTitle } from './DocumentTitle';
import { TwoFactorRequiredPage } from './TwoFactorRequiredPage';
import { Session } from '../flows/session';
import { selectAccount } from '../../machines/session/session.selectors';

// Loaded the first time someone picks 'Create new', not with every page.
const CreateWorkspaceModal = lazy(() =>
  import('./CreateWorkspaceModal').then((m) => ({ default: m.CreateWorkspaceModal })),
);

/** docs/workspace.md §Rules and limits: the narrow-screen menu fades in and out in 300 ms. */
const MENU_FADE_MS = 300;

export default function AppShell({
  workspace,
  app = null,
  children,
}: {
  workspace: Workspace;
  app?: App | null;
  children: ReactNode;
}) {
  const account = Session.useSelector(selectAccount);
  // A workspace that requires two-factor sign-in of an account without it shows only the gate (docs/accounts.md).
  const gated = Boolean(workspace.requireTwoFactor) && !account?.twoFactor;
  const [menuOpen, setMenuOpen] = useState(false);
  const overlayRef = useRef<HTMLDivElement>(null);
  const overlay = useFade(menuOpen, MENU_FADE_MS, overlayRef);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useOverlayFocus({
    open: menuOpen,
    mounted: overlay.mounted,
    overlay: overlayRef,
    trigger: menuButtonRef,
    onClose: closeMenu,
  });
  const [createOpen, setCreateOpen] = useState(false);
  const [createRequested, setCreateRequested] = useState(false);
  return (
    <div className="min-h-screen bg-slate-50">
      <SkipLink inert={menuOpen} />
      <Header
        workspace={workspace}
        app={app}
        gated={gated}
        menuOpen={menuOpen}
        menuButtonRef={menuButtonRef}
        onToggleMenu={() => setMenuOpen((open) => !open)}
        onCreateWorkspace={() => {
          setCreateRequested(true);
          setCreateOpen(true);
        }}
      />
      <div className="flex" inert={menuOpen}>
        <aside
          className="sticky top-16 hidden h-[calc(100vh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white desk:block"
          aria-label="Main navigation"
        >
          <SideNav workspace={workspace} app={app} />
        </aside>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none desk:px-8">
          {gated ? (
            <>
              <DocumentTitle parts={['Two-factor sign-in required', workspace.name]} />
              <TwoFactorRequiredPage workspaceName={workspace.name} />
            </>
          ) : (
            // A page whose code is still loading shows a spinner here, under the header and menu that stay.
            <Suspense fallback={<PageSpinner />}>{children}</Suspense>
          )}
        </main>
      </div>
      {overlay.mounted && (
        <div
          ref={overlayRef}
          id="overlay-menu"
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          className={`fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto bg-white transition-opacity duration-300 ease-in-out motion-reduce:transition-none desk:hidden ${overlay.shown ? 'opacity-100' : 'opacity-0'}`}
        >
          <SideNav workspace={workspace} app={app} onNavigate={closeMenu} />
        </div>
      )}
      {createRequested && (
        <Suspense fallback={null}>
          <CreateWorkspaceModal open={createOpen} onClose={() => setCreateOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

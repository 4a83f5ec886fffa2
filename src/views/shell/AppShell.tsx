/**
 * The shell of SPEC §2: header (workspace selector with 'Create new', profile menu with Logout, a menu button
 * under 765 px), a left menu on wide screens and a full-screen overlay menu (300 ms fade) on narrow ones.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useFade } from '../ui/useFade';
import type { Workspace } from '../../contracts/workspace';
import type { App } from '../../contracts/apps';
import { Header } from './Header';
import { SideNav } from './SideNav';

// Loaded the first time someone picks 'Create new', not with every page.
const CreateWorkspaceModal = lazy(() => import('./CreateWorkspaceModal').then((m) => ({ default: m.CreateWorkspaceModal })));

/** SPEC §9: the narrow-screen menu fades in and out in 300 ms. */
const MENU_FADE_MS = 300;

export default function AppShell({ workspace, app = null, children }: { workspace: Workspace; app?: App | null; children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const overlay = useFade(menuOpen, MENU_FADE_MS);
  const [createOpen, setCreateOpen] = useState(false);
  const [createRequested, setCreateRequested] = useState(false);
  return (
    <div className="min-h-screen bg-slate-50">
      <Header workspace={workspace} app={app} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} onCreateWorkspace={() => { setCreateRequested(true); setCreateOpen(true); }} />
      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-slate-200 bg-white desk:block" aria-label="Main navigation">
          <SideNav workspace={workspace} app={app} />
        </aside>
        <main className="min-w-0 flex-1 px-4 py-6 desk:px-8">{children}</main>
      </div>
      {overlay.mounted && (
        <div
          id="overlay-menu"
          role="dialog"
          aria-modal="true"
          aria-label="Menu"
          className={`fixed inset-x-0 top-16 bottom-0 z-40 overflow-y-auto bg-white transition-opacity duration-300 ease-in-out desk:hidden ${overlay.shown ? 'opacity-100' : 'opacity-0'}`}
        >
          <SideNav workspace={workspace} app={app} onNavigate={() => setMenuOpen(false)} />
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

/** Top bar: logo, (narrow, in app pages) the app dropdown, workspace selector, profile menu and the menu button. */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link, useLocation } from 'wouter';
import type { Workspace } from '../../contracts/workspace';
import type { App } from '../../contracts/apps';
import { Session } from '../flows/session';
import { selectAccount, selectSigningOut } from '../../machines/session/session.selectors';
import { href, switchAppInPath } from '../../paths';
import { Logo } from './Logo';
import { LazyAppPicker as AppPicker } from './LazyAppPicker';
import { Spinner } from '../ui/Spinner';

export function Header({ workspace, app, menuOpen, onToggleMenu, onCreateWorkspace }: {
  workspace: Workspace;
  app: App | null;
  menuOpen: boolean;
  onToggleMenu(): void;
  onCreateWorkspace(): void;
}) {
  const [location, navigate] = useLocation();
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur desk:px-6">
      <Link href={href.apps(workspace.id)} aria-label="Questboard home" className="shrink-0">
        <span className="desk:hidden"><Logo compact /></span>
        <span className="hidden desk:inline"><Logo /></span>
      </Link>
      {app && (
        <div className="min-w-0 flex-1 desk:hidden">
          <AppPicker label="Switch app" apps={workspace.apps ?? []} current={app} onPick={(next) => navigate(switchAppInPath(location, next.id))} />
        </div>
      )}
      <div className="ml-auto flex items-center gap-2">
        <WorkspaceSelector workspace={workspace} onCreate={onCreateWorkspace} />
        <ProfileMenu />
        <button
          type="button"
          onClick={onToggleMenu}
          aria-expanded={menuOpen}
          aria-controls="overlay-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 desk:hidden"
        >
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
    </header>
  );
}

function WorkspaceIcon({ workspace }: { workspace: Pick<Workspace, 'icon' | 'name'> }) {
  return workspace.icon ? (
    <img src={workspace.icon} alt="" className="size-6 rounded-md object-cover" />
  ) : (
    <span className="flex size-6 items-center justify-center rounded-md bg-indigo-100 text-xs font-bold text-indigo-700">{workspace.name.slice(0, 1).toUpperCase()}</span>
  );
}

function WorkspaceSelector({ workspace, onCreate }: { workspace: Workspace; onCreate(): void }) {
  const account = Session.useSelector(selectAccount);
  const [, navigate] = useLocation();
  return (
    <Menu as="div" className="relative">
      <MenuButton aria-label={`Workspace: ${workspace.name}`} className="flex max-w-[11rem] items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50 desk:max-w-xs">
        <WorkspaceIcon workspace={workspace} />
        <span className="hidden truncate sm:inline">{workspace.name}</span>
        <svg viewBox="0 0 20 20" className="hidden size-4 shrink-0 text-slate-400 sm:block" fill="currentColor" aria-hidden="true"><path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" /></svg>
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 mt-2 w-64 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none">
        {(account?.organisations ?? []).map((org) => (
          <MenuItem key={org.id}>
            <button type="button" onClick={() => navigate(href.apps(org.id))} className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-slate-100">
              <WorkspaceIcon workspace={org} />
              <span className="flex-1 truncate">{org.name}</span>
              {org.id === workspace.id && <span aria-label="current" className="text-indigo-600">✓</span>}
            </button>
          </MenuItem>
        ))}
        <div className="my-1 border-t border-slate-100" />
        <MenuItem>
          <button type="button" onClick={onCreate} className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-indigo-700 data-focus:bg-indigo-50">
            <span aria-hidden="true" className="flex size-6 items-center justify-center rounded-md border border-dashed border-indigo-300">+</span>
            Create new
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

function ProfileMenu() {
  const actor = Session.useActorRef();
  const account = Session.useSelector(selectAccount);
  const signingOut = Session.useSelector(selectSigningOut);
  const initials = `${account?.firstName?.[0] ?? ''}${account?.lastName?.[0] ?? ''}`.toUpperCase() || '?';
  return (
    <Menu as="div" className="relative">
      <MenuButton aria-label="Profile" className="flex size-9 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white hover:bg-indigo-500">
        {signingOut ? <Spinner className="size-4" /> : initials}
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-50 mt-2 w-64 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none">
        <div className="px-3 py-2">
          <p className="truncate text-sm font-semibold text-slate-900">{account?.firstName} {account?.lastName}</p>
          <p className="truncate text-xs text-slate-500">{account?.workEmail}</p>
        </div>
        <div className="my-1 border-t border-slate-100" />
        <MenuItem>
          <button type="button" onClick={() => actor.send({ type: 'SIGN_OUT' })} className="w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100">
            Logout
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

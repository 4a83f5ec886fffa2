/**
 * Top bar: logo, (narrow, in app pages) the app dropdown, workspace selector, profile menu and the menu button.
 * The two menus and the app dropdown load on first use (lazyOnIntent): light placeholder buttons that look and read
 * the same stand in until someone hovers, focuses or presses one. While the narrow overlay menu is open everything
 * here but the menu button is inert (the overlay is modal; the menu button is its close button).
 */
import type { Ref } from 'react';
import { Link, useLocation } from 'wouter';
import type { Workspace } from '../../contracts/workspace';
import type { App } from '../../contracts/apps';
import { Session } from '../flows/session';
import { href, switchAppInPath } from '../../paths';
import { lazyOnIntent } from '../ui/lazyOnIntent';
import { Logo } from './Logo';
import { LazyAppPicker as AppPicker } from './LazyAppPicker';
import type { ProfileMenuProps, WorkspaceMenuProps } from './HeaderMenus';
import { MENU_BUTTON_CLASS, PROFILE_BUTTON_CLASS, ProfileFace, WorkspaceFace } from './HeaderFaces';
import { sessionActions } from '../../machines/session/session.selectors';
import { useActions } from '../flows/useActions';
import NotificationBell from '../notifications/NotificationBell';

const WorkspaceMenu = lazyOnIntent<WorkspaceMenuProps>(() =>
  import('./HeaderMenus').then((m) => ({ default: m.WorkspaceMenu })),
);
const ProfileMenu = lazyOnIntent<ProfileMenuProps>(() =>
  import('./HeaderMenus').then((m) => ({ default: m.ProfileMenu })),
);

export function Header({
  workspace,
  app,
  gated,
  menuOpen,
  menuButtonRef,
  onToggleMenu,
  onCreateWorkspace,
}: {
  workspace: Workspace;
  app: App | null;
  /** The two-factor gate shows: the workspace's routes refuse this account, so the bell stays away. */
  gated: boolean;
  menuOpen: boolean;
  menuButtonRef: Ref<HTMLButtonElement>;
  onToggleMenu: () => void;
  onCreateWorkspace: () => void;
}) {
  const [location, navigate] = useLocation();
  const session = Session.useActorRef();
  const sessionSenders = useActions(session, sessionActions);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur desk:px-6">
      <Link href={href.apps(workspace.id)} aria-label="Questboard home" className="shrink-0" inert={menuOpen}>
        <span className="desk:hidden">
          <Logo compact />
        </span>
        <span className="hidden desk:inline">
          <Logo />
        </span>
      </Link>
      {app && (
        <div className="min-w-0 flex-1 desk:hidden" inert={menuOpen}>
          <AppPicker
            label="Switch app"
            apps={workspace.apps ?? []}
            current={app}
            onPick={(next) => navigate(switchAppInPath(location, next.id))}
          />
        </div>
      )}
      <div className="ml-auto flex items-center gap-2">
        <div className="flex items-center gap-2" inert={menuOpen}>
          {!gated && <NotificationBell workspaceId={workspace.id} />}
          <WorkspaceMenu
            workspace={workspace}
            onCreate={onCreateWorkspace}
            placeholder={(trigger) => (
              <div className="relative">
                <button
                  {...trigger}
                  type="button"
                  aria-haspopup="menu"
                  aria-expanded="false"
                  aria-label={`Workspace: ${workspace.name}`}
                  className={MENU_BUTTON_CLASS}
                >
                  <WorkspaceFace workspace={workspace} />
                </button>
              </div>
            )}
          />
          <ProfileMenu
            onSignOut={sessionSenders.signOut}
            workspaceId={workspace.id}
            placeholder={(trigger) => (
              <div className="relative">
                <button
                  {...trigger}
                  type="button"
                  aria-haspopup="menu"
                  aria-expanded="false"
                  className={PROFILE_BUTTON_CLASS}
                >
                  <ProfileFace />
                </button>
              </div>
            )}
          />
        </div>
        <button
          ref={menuButtonRef}
          type="button"
          onClick={onToggleMenu}
          aria-expanded={menuOpen}
          aria-controls="overlay-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 desk:hidden"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
    </header>
  );
}

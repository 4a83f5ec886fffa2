/**
 * What the header's menu buttons show, shared by the light placeholders (Header.tsx) and the real Headless UI menus
 * (HeaderMenus.tsx, loaded on first use), so both look and read exactly the same.
 */
import type { Workspace } from '../../contracts/workspace';
import { Session } from '../flows/session';
import { selectAccount, selectSigningOut } from '../../machines/session/session.selectors';
import { Spinner } from '../ui/Spinner';

export const MENU_BUTTON_CLASS =
  'flex max-w-[11rem] items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-800 ring-1 ring-slate-200 hover:bg-slate-50 desk:max-w-xs';
export const PROFILE_BUTTON_CLASS =
  'flex size-9 items-center justify-center rounded-full bg-indigo-600 text-sm font-semibold text-white hover:bg-indigo-500';

/** A workspace's icon, or its initial (decorative: the name is always written next to it or in the label). */
export function WorkspaceIcon({ workspace }: { workspace: Pick<Workspace, 'icon' | 'name'> }) {
  return workspace.icon ? (
    <img src={workspace.icon} alt="" className="size-6 rounded-md object-cover" />
  ) : (
    // The initial is drawn by CSS (not text in the DOM), so it never counts as the button's visible text: a button
    // named 'Workspace: Apps Studio' must not read 'A Apps Studio' (axe label-content-name-mismatch).
    <span
      aria-hidden="true"
      data-initial={workspace.name.slice(0, 1).toUpperCase()}
      className="flex size-6 items-center justify-center rounded-md bg-indigo-100 text-xs font-bold text-indigo-700 before:content-[attr(data-initial)]"
    />
  );
}

export function WorkspaceFace({ workspace }: { workspace: Workspace }) {
  return (
    <>
      <WorkspaceIcon workspace={workspace} />
      <span className="hidden truncate sm:inline">{workspace.name}</span>
      <svg
        viewBox="0 0 20 20"
        className="hidden size-4 shrink-0 text-slate-500 sm:block"
        fill="currentColor"
        aria-hidden="true"
      >
        <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.5" fill="none" />
      </svg>
    </>
  );
}

/** The signed-in person's initials (an avatar, hidden from assistive technology) and the button's name, Profile. */
export function ProfileFace() {
  const account = Session.useSelector(selectAccount);
  const signingOut = Session.useSelector(selectSigningOut);
  const initials = `${account?.firstName?.[0] ?? ''}${account?.lastName?.[0] ?? ''}`.toUpperCase() || '?';
  return (
    <>
      {signingOut ? <Spinner className="size-4" /> : <span aria-hidden="true">{initials}</span>}
      <span className="sr-only">Profile</span>
    </>
  );
}

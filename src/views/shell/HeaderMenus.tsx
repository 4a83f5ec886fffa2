/**
 * The header's two Headless UI menus (docs/workspace.md §Screens and routes shell): the workspace selector (the user's workspaces and 'Create new')
 * and the profile menu (name, email, Logout). Loaded on first use through lazyOnIntent (Header.tsx shows identical
 * placeholder buttons until then), so the Headless UI code is not part of a page's first download.
 */
import { useRef } from 'react';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link, useLocation } from 'wouter';
import type { Workspace } from '../../contracts/workspace';
import { Session } from '../flows/session';
import { selectAccount } from '../../machines/session/session.selectors';
import { href } from '../../paths';
import { useReplayIntent, type IntentRef } from '../ui/lazyOnIntent';
import { MENU_BUTTON_CLASS, PROFILE_BUTTON_CLASS, ProfileFace, WorkspaceFace, WorkspaceIcon } from './HeaderFaces';

const ITEMS_CLASS = 'z-50 mt-2 w-64 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none';

export interface WorkspaceMenuProps {
  workspace: Workspace;
  onCreate: () => void;
}

export function WorkspaceMenu({ workspace, onCreate, intent }: WorkspaceMenuProps & { intent?: IntentRef }) {
  const account = Session.useSelector(selectAccount);
  const [, navigate] = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  useReplayIntent(intent, button, 'Enter');
  return (
    <Menu as="div" className="relative">
      <MenuButton ref={button} aria-label={`Workspace: ${workspace.name}`} className={MENU_BUTTON_CLASS}>
        <WorkspaceFace workspace={workspace} />
      </MenuButton>
      <MenuItems anchor="bottom end" className={ITEMS_CLASS}>
        {(account?.organisations ?? []).map((org) => (
          <MenuItem key={org.id}>
            <button
              type="button"
              onClick={() => navigate(href.apps(org.id))}
              className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm data-focus:bg-slate-100"
            >
              <WorkspaceIcon workspace={org} />
              <span className="flex-1 truncate">{org.name}</span>
              {org.id === workspace.id && (
                <>
                  <span aria-hidden="true" className="text-indigo-600">
                    ✓
                  </span>
                  <span className="sr-only">(current)</span>
                </>
              )}
            </button>
          </MenuItem>
        ))}
        <div className="my-1 border-t border-slate-100" />
        <MenuItem>
          <button
            type="button"
            onClick={onCreate}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium text-indigo-700 data-focus:bg-indigo-50"
          >
            <span
              aria-hidden="true"
              className="flex size-6 items-center justify-center rounded-md border border-dashed border-indigo-300"
            >
              +
            </span>
            Create new
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

export interface ProfileMenuProps {
  onSignOut: () => void;
  /** The workspace of the page: its notification settings are the person's own (docs/decisions.md). */
  workspaceId?: string;
}

export function ProfileMenu({ onSignOut, workspaceId, intent }: ProfileMenuProps & { intent?: IntentRef }) {
  const account = Session.useSelector(selectAccount);
  const button = useRef<HTMLButtonElement>(null);
  useReplayIntent(intent, button, 'Enter');
  return (
    <Menu as="div" className="relative">
      <MenuButton ref={button} className={PROFILE_BUTTON_CLASS}>
        <ProfileFace />
      </MenuButton>
      <MenuItems anchor="bottom end" className={ITEMS_CLASS}>
        <div className="px-3 py-2">
          <p className="truncate text-sm font-semibold text-slate-900">
            {account?.firstName} {account?.lastName}
          </p>
          <p className="truncate text-xs text-slate-600">{account?.workEmail}</p>
        </div>
        <div className="my-1 border-t border-slate-100" />
        <MenuItem>
          <Link
            href={href.account()}
            className="block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100"
          >
            Your account
          </Link>
        </MenuItem>
        {workspaceId && (
          <MenuItem>
            <Link
              href={href.notifications(workspaceId)}
              className="block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100"
            >
              Notification settings
            </Link>
          </MenuItem>
        )}
        <MenuItem>
          <button
            type="button"
            onClick={onSignOut}
            className="w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100"
          >
            Logout
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

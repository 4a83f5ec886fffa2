/**
 * The team list: a table on wide screens, stacked cards up to 765 px (docs/team.md §Rules and limits breakpoint). Each row shows name,
 * email, role ('Team Admin' / 'Editor' / 'Viewer'), status ('Invite Sent' / 'Expired' / Active, with 'Expires …' /
 * 'Expired …') and, when the signed-in user may act on it, a keyboard-usable menu (Headless UI).
 */
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import type { Account } from '../../contracts/auth';
import type { TeamActor } from '../../machines/team/team.machine';
import type { MemberRef } from '../../machines/team/team.machine';
import { selectResendingEmail, selectRowActionsBusy, teamActions } from '../../machines/team/team.selectors';
import {
  isOwnRow,
  ROW_ACTION_LABELS,
  rowActions,
  type RowAction,
  type Viewer,
} from '../../machines/team/team-permissions';
import {
  memberName,
  memberRole,
  memberRoleLabel,
  memberStatus,
  invitedLine,
  type StatusKind,
} from '../../machines/team/team-members';
import { Spinner } from '../ui/Spinner';
import { useTeamTableFits } from './useTeamTableFits';
import { useActions } from '../flows/useActions';
import { Table } from '../ui/Table';

interface RowModel {
  member: Account;
  ref: MemberRef;
  name: string | null;
  own: boolean;
  actions: RowAction[];
  roleLabel: string;
  status: ReturnType<typeof memberStatus>;
  /** 'Invited by … on …', or null. */
  invited: string | null;
}

function toRow(member: Account, me: Viewer, nowSeconds: number): RowModel {
  const name = memberName(member);
  return {
    member,
    ref: {
      accountId: member.accountId,
      email: member.workEmail,
      name,
      role: memberRole(member),
      pending: member.invitePending ?? false,
    },
    name,
    own: isOwnRow(member, me),
    actions: rowActions(member, me),
    roleLabel: memberRoleLabel(member),
    status: memberStatus(member, nowSeconds),
    invited: invitedLine(member),
  };
}

const badgeTone: Record<StatusKind, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  expired: 'bg-rose-50 text-rose-700 ring-rose-200',
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
};
const dotTone: Record<StatusKind, string> = {
  pending: 'bg-amber-500',
  expired: 'bg-rose-500',
  active: 'bg-emerald-500',
};

function StatusBadge({ row }: { row: RowModel }) {
  return (
    <div>
      <span
        className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${badgeTone[row.status.kind]}`}
      >
        <span aria-hidden="true" className={`size-1.5 rounded-full ${dotTone[row.status.kind]}`} />
        {row.status.label}
      </span>
      {row.status.detail && <p className="mt-1 text-xs text-slate-500">{row.status.detail}</p>}
      {row.invited && <p className="mt-1 text-xs text-slate-500">{row.invited}</p>}
    </div>
  );
}

function RolePill({ row }: { row: RowModel }) {
  const admin = row.ref.role === 'admin';
  return (
    <span
      className={`inline-flex rounded-md px-2 py-0.5 text-xs font-medium ${admin ? 'bg-indigo-50 text-indigo-700' : 'bg-slate-100 text-slate-700'}`}
    >
      {row.roleLabel}
    </span>
  );
}

function Avatar({ row }: { row: RowModel }) {
  const initials = row.name
    ? row.name
        .split(/\s+/)
        .map((part) => part[0])
        .slice(0, 2)
        .join('')
        .toUpperCase()
    : (row.member.workEmail[0]?.toUpperCase() ?? '?');
  return (
    <span
      aria-hidden="true"
      className={`flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${row.member.invitePending ? 'border border-dashed border-slate-300 bg-white text-slate-500' : 'bg-indigo-100 text-indigo-700'}`}
    >
      {initials}
    </span>
  );
}

function YouTag() {
  return (
    <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-slate-600 uppercase">
      You
    </span>
  );
}

function RowMenu({ row, actor }: { row: RowModel; actor: TeamActor }) {
  const busy = useSelector(actor, selectRowActionsBusy);
  const resending = useSelector(actor, selectResendingEmail) === row.member.workEmail;
  const actions = useActions(actor, teamActions);
  if (row.actions.length === 0) return null;
  const label = row.name ?? row.member.workEmail;
  const events: Record<RowAction, () => void> = {
    resend: () => actions.resend(row.ref),
    changeRole: () => actions.changeRole(row.ref),
    remove: () => actions.remove(row.ref),
  };
  return (
    <Menu>
      <MenuButton
        aria-label={`Actions for ${label}`}
        disabled={busy}
        className="flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:cursor-wait disabled:opacity-60 data-open:bg-slate-100"
      >
        {resending ? (
          <Spinner className="size-4" label="Resending invite" />
        ) : (
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
            <path d="M10 6a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm0 5.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm0 5.5a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z" />
          </svg>
        )}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-40 mt-1 w-52 rounded-xl bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none"
      >
        {row.actions.map((action) => (
          <MenuItem key={action}>
            <button
              type="button"
              onClick={events[action]}
              className={`flex w-full rounded-lg px-3 py-2 text-left text-sm ${action === 'remove' ? 'text-rose-600 data-focus:bg-rose-50' : 'text-slate-700 data-focus:bg-slate-100'}`}
            >
              {ROW_ACTION_LABELS[action]}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

export function TeamTable({
  members,
  me,
  nowSeconds,
  actor,
}: {
  members: Account[];
  me: Viewer;
  nowSeconds: number;
  actor: TeamActor;
}) {
  const wide = useTeamTableFits();
  const rows = members.map((member) => toRow(member, me, nowSeconds));
  // One layout in the DOM at a time, so each row's text and menu exist once.
  if (wide) {
    return (
      <Table
        frame={{ card: true }}
        caption="Team members and pending invites"
        classes={{
          table: 'min-w-full divide-y divide-slate-200 text-sm',
          head: 'bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase',
          headerCell: '',
          row: 'align-middle hover:bg-slate-50/60',
          cell: '',
        }}
        rows={rows}
        rowKey={(row) => row.member.accountId}
        columns={[
          {
            header: 'Name',
            headerClassName: 'py-3 pr-3 pl-5',
            className: 'py-3 pr-3 pl-5',
            cell: (row) => (
              <div className="flex items-center gap-3">
                <Avatar row={row} />
                {row.name ? (
                  <span className="font-medium whitespace-nowrap text-slate-900">{row.name}</span>
                ) : (
                  <span className="text-slate-600 italic">Not joined yet</span>
                )}
                {row.own && <YouTag />}
              </div>
            ),
          },
          {
            header: 'Email',
            headerClassName: 'px-3 py-3',
            cell: (row) => row.member.workEmail,
            title: (row) => row.member.workEmail,
            className: 'max-w-[14rem] truncate px-3 py-3 text-slate-600 xl:max-w-[18rem]',
          },
          {
            header: 'Role',
            headerClassName: 'px-3 py-3',
            cell: (row) => <RolePill row={row} />,
            className: 'px-3 py-3 whitespace-nowrap',
          },
          {
            header: 'Status',
            headerClassName: 'px-3 py-3',
            cell: (row) => <StatusBadge row={row} />,
            className: 'px-3 py-3 whitespace-nowrap',
          },
        ]}
        rowActions={{
          headerClassName: 'py-3 pr-4 pl-3',
          className: 'w-14 py-3 pr-4 pl-3 text-right',
          cell: (row) => <RowMenu row={row} actor={actor} />,
        }}
      />
    );
  }
  return (
    <ul className="space-y-3" aria-label="Team members and pending invites">
      {rows.map((row) => (
        <li key={row.member.accountId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-start gap-3">
            <Avatar row={row} />
            <div className="min-w-0 flex-1">
              <p className="flex items-center text-sm font-medium text-slate-900">
                <span className="truncate">{row.name ?? row.member.workEmail}</span>
                {row.own && <YouTag />}
              </p>
              {row.name && <p className="truncate text-sm text-slate-500">{row.member.workEmail}</p>}
            </div>
            <RowMenu row={row} actor={actor} />
          </div>
          <div className="mt-3 flex flex-wrap items-start justify-between gap-2 border-t border-slate-100 pt-3">
            <RolePill row={row} />
            <div className="text-right">
              <StatusBadge row={row} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function TeamSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the team"
      className="animate-pulse rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-4 border-b border-slate-100 py-3 last:border-0">
          <div className="size-9 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-2">
            <div className="h-3 w-1/3 rounded bg-slate-200" />
            <div className="h-3 w-1/2 rounded bg-slate-100" />
          </div>
          <div className="hidden h-5 w-20 rounded-full bg-slate-100 sm:block" />
        </div>
      ))}
    </div>
  );
}

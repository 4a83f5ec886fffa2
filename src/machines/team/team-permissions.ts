/**
 * Who may do what on the team page (docs/team.md §Roles), mirroring the rules the server enforces in server/areas/team/team.ts:
 *  - admins invite with any role, resend invites, change roles and remove members (or withdraw invites);
 *  - editors invite editors and viewers and resend invites;
 *  - viewers change nothing: no Invite, no row menu;
 *  - nobody acts on their own row (no menu there at all).
 * Pure, so the view stays thin and the rules are unit-tested (tests/unit/team-view.test.ts).
 */
import type { Role } from '../../contracts/codecs';
import type { Account } from '../../contracts/auth';

export type RowAction = 'resend' | 'changeRole' | 'remove';

export const ROW_ACTION_LABELS: Record<RowAction, string> = {
  resend: 'Resend invite',
  changeRole: 'Change role',
  remove: 'Remove from team',
};

export interface Viewer {
  accountId: string;
  email: string;
  /** The signed-in user's role in this workspace; unknown is treated as view-only. */
  role: Role | null | undefined;
}

const ALL_ROLES: readonly Role[] = ['admin', 'editor', 'viewer'];

/** The roles the signed-in user may give in the invite dialog (admin first, the docs/team.md §Rules and limits default). */
export function invitableRoles(role: Role | null | undefined): Role[] {
  if (role === 'admin') return [...ALL_ROLES];
  if (role === 'editor') return ['editor', 'viewer'];
  return [];
}

export const isOwnRow = (member: Pick<Account, 'accountId' | 'workEmail'>, me: Viewer) =>
  member.accountId === me.accountId || member.workEmail.toLowerCase() === me.email.toLowerCase();

/** The items of a row's menu, in display order; an empty list means the row shows no menu. */
export function rowActions(
  member: Pick<Account, 'accountId' | 'workEmail' | 'invitePending'>,
  me: Viewer,
): RowAction[] {
  if (me.role !== 'admin' && me.role !== 'editor') return [];
  if (isOwnRow(member, me)) return [];
  const actions: RowAction[] = [];
  if (member.invitePending) actions.push('resend');
  if (me.role === 'admin') actions.push('changeRole', 'remove');
  return actions;
}

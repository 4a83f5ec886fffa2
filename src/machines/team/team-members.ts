/**
 * How a team row reads (docs/team.md §Member states invitation states, §Roles counts): the role label, the status badge
 * ('Invite Sent' / 'Expired' / 'Active') with 'Expires {relative time}' / 'Expired {relative time}',
 * the name to show, and the member count that leaves pending invites out. Pure; `nowSeconds` is passed in.
 */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { Account } from '../../contracts/auth';
import { roleLabel, type Role } from '../../contracts/codecs';
import { inviteStatus } from '../../contracts/team';

dayjs.extend(relativeTime);

export type StatusKind = 'pending' | 'expired' | 'active';
export interface MemberStatus {
  kind: StatusKind;
  label: 'Invite Sent' | 'Expired' | 'Active';
  /** 'Expires in 4 days' / 'Expired 3 days ago'; null for active members. */
  detail: string | null;
}

type InviteFields = Pick<Account, 'invitePending' | 'inviteSentAt'>;

export function memberStatus(member: InviteFields, nowSeconds: number): MemberStatus {
  if (!member.invitePending) return { kind: 'active', label: 'Active', detail: null };
  const { expired, expiredOn } = inviteStatus(member.inviteSentAt, nowSeconds);
  const relative = expiredOn == null ? null : dayjs.unix(expiredOn).from(dayjs.unix(nowSeconds));
  if (expired) return { kind: 'expired', label: 'Expired', detail: relative && `Expired ${relative}` };
  return { kind: 'pending', label: 'Invite Sent', detail: relative && `Expires ${relative}` };
}

/** 'Invited by Ada Admin on Nov 12, 2026' (UTC day), or null when nobody is known to have invited them. */
export function invitedLine(member: Pick<Account, 'invitedBy' | 'invitedAt'>): string | null {
  if (!member.invitedBy || member.invitedAt == null) return null;
  return `Invited by ${member.invitedBy} on ${dayjs.unix(member.invitedAt).toDate().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}`;
}

/** docs/team.md §Roles: roles shown as 'Team Admin', 'Editor', 'Viewer'. */
export const memberRole = (member: Pick<Account, 'role'>): Role => member.role ?? 'viewer';
export const memberRoleLabel = (member: Pick<Account, 'role'>) => roleLabel(memberRole(member));

/** Full name, or null for an invite nobody has accepted yet (the row then leads with the email). */
export function memberName(member: Pick<Account, 'firstName' | 'lastName'>): string | null {
  const name = `${member.firstName} ${member.lastName}`.trim();
  return name || null;
}

/** docs/team.md §Roles: team counts exclude pending invites (expired ones are still invites, so they are left out too). */
export const memberCount = (members: readonly InviteFields[]) => members.filter((m) => !m.invitePending).length;
export const pendingCount = (members: readonly InviteFields[]) => members.filter((m) => m.invitePending).length;

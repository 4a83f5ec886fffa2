/**
 * The pure rules behind the team page: status text and expiry (docs/team.md §Member states), role labels and counts (docs/team.md §Roles), which
 * row menu items each role gets (docs/team.md §Roles, server/areas/team/team.ts), invite validation (docs/team.md §Rules and limits), and which
 * workspace an accepted invite opens.
 */
import { describe, expect, it } from 'vitest';
import type { Account } from '../../src/contracts/auth';
import { INVITE_EXPIRY_SECONDS, INVITE_REFUSED } from '../../src/contracts/team';
import {
  memberCount,
  memberName,
  memberRoleLabel,
  memberStatus,
  pendingCount,
} from '../../src/machines/team/team-members';
import { invitableRoles, isOwnRow, rowActions, type Viewer } from '../../src/machines/team/team-permissions';
import {
  defaultInviteRole,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  ROLE_NOT_ALLOWED,
  validateInvite,
} from '../../src/machines/team/invite-form';
import {
  acceptInviteMachine,
  INVITE_NOT_FOUND,
  joinedWorkspaceId,
} from '../../src/machines/accept-invite/accept-invite.machine';
import { selectInvitePage } from '../../src/machines/accept-invite/accept-invite.selectors';
import { initialTransition, transition, type AnyEventObject } from 'xstate';
import { NOW, team, joinedAccount, invitePreview } from '../fixtures/team';
import { ApiError } from '../../src/services/http';

const DAY = 24 * 60 * 60;
const byEmail = (email: string): Account => team.find((m) => m.workEmail === email)!;
const admin = byEmail('admin@demostudio.dev');
const editor = byEmail('editor@demostudio.dev');
const viewer = byEmail('viewer@demostudio.dev');
const pending = byEmail('pending@demostudio.dev');
const expired = byEmail('expired@demostudio.dev');

const as = (member: Account): Viewer => ({ accountId: member.accountId, email: member.workEmail, role: member.role });

describe('member status (docs/team.md §Member states)', () => {
  it("shows 'Invite Sent' with 'Expires {relative time}' for a pending invite", () => {
    expect(memberStatus(pending, NOW)).toEqual({ kind: 'pending', label: 'Invite Sent', detail: 'Expires in 4 days' });
  });

  it("shows 'Expired' with 'Expired {relative time}' once 5 days have passed", () => {
    expect(memberStatus(expired, NOW)).toEqual({ kind: 'expired', label: 'Expired', detail: 'Expired 3 days ago' });
  });

  it('expires exactly 5 days after inviteSentAt', () => {
    const sentAt = NOW - INVITE_EXPIRY_SECONDS;
    expect(memberStatus({ invitePending: true, inviteSentAt: sentAt + 1 }, NOW).kind).toBe('pending');
    expect(memberStatus({ invitePending: true, inviteSentAt: sentAt }, NOW).kind).toBe('expired');
    expect(memberStatus({ invitePending: true, inviteSentAt: NOW - 4 * DAY - 23 * 3600 }, NOW).detail).toBe(
      'Expires in an hour',
    );
  });

  it('shows members as active, with no expiry text', () => {
    expect(memberStatus(editor, NOW)).toEqual({ kind: 'active', label: 'Active', detail: null });
  });
});

describe('roles, names and counts (docs/team.md §Roles)', () => {
  it("labels admin 'Team Admin' and the others by their role", () => {
    expect([admin, editor, viewer].map(memberRoleLabel)).toEqual(['Team Admin', 'Editor', 'Viewer']);
  });

  it('names members, and leaves not-yet-joined invites nameless', () => {
    expect(memberName(editor)).toBe('Eddie Editor');
    expect(memberName(pending)).toBeNull();
  });

  it('counts members without pending (or expired) invites', () => {
    expect(memberCount(team)).toBe(3);
    expect(pendingCount(team)).toBe(2);
  });
});

describe('row menus (docs/team.md §Roles; rules of server/areas/team/team.ts)', () => {
  it('gives admins resend on invites, change role and remove on every other row', () => {
    expect(rowActions(pending, as(admin))).toEqual(['resend', 'changeRole', 'remove']);
    expect(rowActions(expired, as(admin))).toEqual(['resend', 'changeRole', 'remove']);
    expect(rowActions(editor, as(admin))).toEqual(['changeRole', 'remove']);
  });

  it('gives editors only resend, so member rows show no menu', () => {
    expect(rowActions(pending, as(editor))).toEqual(['resend']);
    expect(rowActions(admin, as(editor))).toEqual([]);
    expect(rowActions(viewer, as(editor))).toEqual([]);
  });

  it('gives viewers no menu at all', () => {
    for (const member of team) expect(rowActions(member, as(viewer))).toEqual([]);
  });

  it('never offers a menu on your own row (matched by id or email)', () => {
    expect(rowActions(admin, as(admin))).toEqual([]);
    expect(isOwnRow(admin, { accountId: 'other-id', email: 'ADMIN@demostudio.dev', role: 'admin' })).toBe(true);
  });

  it('treats an unknown role as view-only', () => {
    expect(rowActions(pending, { ...as(admin), role: undefined })).toEqual([]);
  });

  it('lets admins invite any role and editors only editors and viewers', () => {
    expect(invitableRoles('admin')).toEqual(['admin', 'editor', 'viewer']);
    expect(invitableRoles('editor')).toEqual(['editor', 'viewer']);
    expect(invitableRoles('viewer')).toEqual([]);
    expect(invitableRoles(undefined)).toEqual([]);
  });
});

describe('invite form (docs/team.md §Rules and limits)', () => {
  const roles = invitableRoles('admin');
  it('requires a valid email', () => {
    expect(validateInvite({ email: ' ', role: 'admin', roles })).toEqual({ email: EMAIL_REQUIRED });
    expect(validateInvite({ email: 'nina@', role: 'admin', roles })).toEqual({ email: EMAIL_INVALID });
    expect(validateInvite({ email: ' nina@studio.dev ', role: 'viewer', roles })).toEqual({});
  });

  it('refuses a role the inviter may not give', () => {
    expect(validateInvite({ email: 'nina@studio.dev', role: 'admin', roles: invitableRoles('editor') })).toEqual({
      role: ROLE_NOT_ALLOWED,
    });
  });

  it('defaults to admin, or to the best role an editor may give', () => {
    expect(defaultInviteRole(roles)).toBe('admin');
    expect(defaultInviteRole(invitableRoles('editor'))).toBe('editor');
  });
});

describe('the workspace an accepted invite opens', () => {
  it("is the invite's workspace when the account is a member of it, else none (home picks one)", () => {
    expect(joinedWorkspaceId(joinedAccount, 'ws-demo')).toBe('ws-demo');
    expect(joinedWorkspaceId(joinedAccount, 'ws-other')).toBe('ws-other');
    expect(joinedWorkspaceId(joinedAccount, 'ws-elsewhere')).toBeNull();
    expect(joinedWorkspaceId(joinedAccount, null)).toBeNull();
    expect(joinedWorkspaceId({ ...joinedAccount, organisations: [] }, 'ws-demo')).toBeNull();
  });
});

describe('the invite page view model', () => {
  const after = (...events: AnyEventObject[]) => {
    let [snapshot] = initialTransition(acceptInviteMachine, { token: 't' });
    // done/error events of invoked actors are not in the machine's declared event union, hence the one cast.
    for (const event of events)
      [snapshot] = transition(
        acceptInviteMachine,
        snapshot,
        event as Parameters<typeof acceptInviteMachine.transition>[1],
      );
    return selectInvitePage(snapshot);
  };

  it('shows the form for a pending invite and keeps it (busy) while joining', () => {
    const ready = after({ type: 'xstate.done.actor.loadInvite', output: invitePreview('pending') });
    expect(ready).toMatchObject({ status: 'form', busy: false, message: null });
    expect(ready.preview?.email).toBe('nina@studio.dev');
  });

  it('words refusals and unknown links', () => {
    expect(after({ type: 'xstate.done.actor.loadInvite', output: invitePreview('revoked') })).toMatchObject({
      status: 'refused',
      message: INVITE_REFUSED.revoked,
    });
    expect(
      after({ type: 'xstate.error.actor.loadInvite', error: new ApiError(404, 'Invite not found.') }),
    ).toMatchObject({ status: 'notFound', message: INVITE_NOT_FOUND });
    expect(after({ type: 'xstate.error.actor.loadInvite', error: new ApiError(0, 'offline') }).status).toBe(
      'unavailable',
    );
  });
});

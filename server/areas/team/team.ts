/**
 * Team and invitations (docs/team.md §Screens and routes team, §Member states invitation, §Roles roles, §Messages team messages).
 * Who may do what (our decision, enforced here and mirrored in the UI):
 *  - admins: invite with any role, resend, change roles, remove members and revoke invites;
 *  - editors: invite editors and viewers, resend invites; no role changes or removals;
 *  - viewers: read the team only.
 * Nobody may change their own role or remove themselves, and a workspace always keeps at least one admin.
 * Invite links are bound to the invited address: accepting creates (or joins) that exact account.
 */
import { inTransaction, type ServerContext } from '../../context';
import { emit } from '../../events/outbox';
import { changesOf } from '../../../src/contracts/domain-events';
import type { Account } from '../../../src/contracts/auth';
import type { AcceptInviteRequest, InvitePreview } from '../../../src/contracts/team';
import { INVITE_EXPIRY_DAYS, INVITE_REFUSAL_CODES, INVITE_REFUSED, inviteStatus } from '../../../src/contracts/team';
import { roleLabel, type Role } from '../../../src/contracts/codecs';
import { passwordProblem } from '../../../src/contracts/passwords';
import { hashPassword, hashToken, newId, newToken, verifyPassword } from '../../auth/crypto';
import { conflict, forbidden, gone, invalid, notFound, unauthenticated } from '../../errors';
import {
  assertPasswordAttemptAllowed,
  createSession,
  hasTwoFactor,
  openChallenge,
  recordPasswordAttempt,
  type Client,
} from '../auth/index';
import { isInternalEmail, visibleTeamEmail } from '../workspace/index';
import { invitationsOf } from '../activity/index';

const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);
export const INVITE_ACCOUNT_PREFIX = 'invite:';
export const INVITE_ALREADY_SENT = 'An invite has already been sent to this email. Resend it from the team list.';

export async function listTeam(ctx: ServerContext, workspaceId: string, callerEmail: string): Promise<Account[]> {
  const now = seconds(ctx.now());
  const members = await ctx.db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
    .select([
      'accounts.id',
      'accounts.email',
      'accounts.first_name',
      'accounts.last_name',
      'accounts.is_tp_user',
      'memberships.role',
    ])
    .where('memberships.workspace_id', '=', workspaceId)
    .where(visibleTeamEmail('accounts.email', callerEmail, ctx.config.internalDomains))
    .orderBy('memberships.created_at')
    .execute();
  const invites = await ctx.db
    .selectFrom('invites')
    .select(['id', 'email', 'role', 'sent_at'])
    .where('workspace_id', '=', workspaceId)
    .where('state', '=', 'pending')
    .where(visibleTeamEmail('invites.email', callerEmail, ctx.config.internalDomains))
    .orderBy('sent_at', 'desc')
    .execute();
  const invited = await whoInvited(ctx, workspaceId);
  const invitedFields = (email: string) => {
    const found = invited.get(email.toLowerCase());
    return found ? { invitedBy: found.by, invitedAt: seconds(found.at) } : {};
  };
  const rows: Account[] = members.map((m) => ({
    ...invitedFields(m.email),
    accountId: m.id,
    firstName: m.first_name,
    lastName: m.last_name,
    workEmail: m.email,
    isTpUser: m.is_tp_user,
    role: m.role,
    invitePending: false,
    inviteSentAt: null,
    inviteExpired: false,
    expiredOn: null,
  }));
  for (const invite of invites) {
    const sentAt = seconds(invite.sent_at);
    const status = inviteStatus(sentAt, now);
    rows.push({
      ...invitedFields(invite.email),
      accountId: INVITE_ACCOUNT_PREFIX + invite.id,
      firstName: '',
      lastName: '',
      workEmail: invite.email,
      isTpUser: false,
      role: invite.role,
      invitePending: true,
      inviteSentAt: sentAt,
      inviteExpired: status.expired,
      expiredOn: status.expiredOn,
    });
  }
  return rows;
}

/**
 * Who invited each address, and when: the activity log's `member.invited` entries (the inviter's name as it was),
 * else the invitations themselves (their sender, for invites from before the log).
 */
async function whoInvited(ctx: ServerContext, workspaceId: string) {
  const fromLog = await invitationsOf(ctx, workspaceId);
  const sent = await ctx.db
    .selectFrom('invites')
    .innerJoin('accounts', 'accounts.id', 'invites.invited_by')
    .select(['invites.email', 'invites.sent_at', 'accounts.first_name', 'accounts.last_name', 'accounts.email as by'])
    .where('invites.workspace_id', '=', workspaceId)
    .where('invites.state', 'in', ['pending', 'accepted'])
    .orderBy('invites.sent_at', 'asc')
    .execute();
  const found = new Map<string, { by: string; at: Date }>();
  for (const row of sent)
    found.set(row.email.toLowerCase(), {
      by: `${row.first_name} ${row.last_name}`.trim() || row.by,
      at: new Date(row.sent_at),
    });
  for (const [email, invite] of fromLog) found.set(email, invite);
  return found;
}

/** Who sends an invitation (the caller) and their role in the workspace. */
export interface Inviter {
  accountId: string;
  role: Role;
}

async function workspaceName(ctx: ServerContext, workspaceId: string) {
  const row = await ctx.db
    .selectFrom('workspaces')
    .select('name')
    .where('id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return row.name;
}

/** The inviter as the e-mail names them: "Ada Admin" and, in the body, "Ada Admin (admin@demostudio.dev)". */
async function inviterOf(ctx: ServerContext, accountId: string) {
  const row = await ctx.db
    .selectFrom('accounts')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  const name = `${row.first_name} ${row.last_name}`.trim();
  return { short: name || row.email, full: name ? `${name} (${row.email})` : row.email };
}

/** The invitation e-mail: who invites, to which workspace, with which role, and the link. */
async function sendInviteMail(
  ctx: ServerContext,
  invite: { email: string; workspaceId: string; role: Role; token: string; invitedBy: string },
) {
  const link = `${ctx.config.publicUrl}/invite/${invite.token}`;
  const workspace = await workspaceName(ctx, invite.workspaceId);
  const inviter = await inviterOf(ctx, invite.invitedBy);
  await ctx.providers.mailer.send(ctx.db, {
    to: invite.email,
    subject: `${inviter.short} invited you to ${workspace} on Questboard`,
    body:
      `${inviter.full} invited you to join ${workspace} on Questboard as ${roleLabel(invite.role)}.\n\n` +
      `Accept the invitation: ${link}\n\nThe link expires in ${INVITE_EXPIRY_DAYS} days.`,
  });
}

/** `inviter`: the caller and their role in the workspace. Answers the new link's token (it is stored only hashed). */
export async function inviteMember(
  ctx: ServerContext,
  workspaceId: string,
  inviter: Inviter,
  email: string,
  role: Role,
) {
  const normalised = email.trim().toLowerCase();
  if (inviter.role !== 'admin' && role === 'admin') throw forbidden('Only administrators can invite administrators.');
  return inTransaction(ctx, async (tx) => {
    const existing = await tx.db
      .selectFrom('memberships')
      .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
      .select('accounts.id')
      .where('memberships.workspace_id', '=', workspaceId)
      .where('accounts.email', '=', normalised)
      .executeTakeFirst();
    if (existing) throw conflict('This user is already a member of the workspace.');
    const pending = await tx.db
      .selectFrom('invites')
      .select('id')
      .where('workspace_id', '=', workspaceId)
      .where('email', '=', normalised)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw conflict(INVITE_ALREADY_SENT);
    const token = newToken();
    const inviteId = newId();
    await tx.db
      .insertInto('invites')
      .values({
        id: inviteId,
        workspace_id: workspaceId,
        email: normalised,
        role,
        token_hash: hashToken(token),
        invited_by: inviter.accountId,
        sent_at: ctx.now(),
        state: 'pending',
      })
      .execute();
    await emit(tx, 'member.invited', {
      workspaceId,
      memberId: INVITE_ACCOUNT_PREFIX + inviteId,
      email: normalised,
      changes: changesOf(null, { email: normalised, role }),
    });
    await sendInviteMail(tx, { email: normalised, workspaceId, role, token, invitedBy: inviter.accountId });
    return token;
  }).catch((error: unknown) => {
    // A concurrent invite to the same address won the race (unique index invites_one_pending).
    if ((error as { code?: unknown })?.code === '23505') throw conflict(INVITE_ALREADY_SENT);
    throw error;
  });
}

/**
 * Sends a pending invite again with a new link, in a new row from `sender`. The row it replaces stays, as
 * `superseded` and pointing at the new one, so its link can say that a newer invitation was sent.
 */
export async function resendInvite(ctx: ServerContext, workspaceId: string, sender: Inviter, email: string) {
  const normalised = email.trim().toLowerCase();
  return inTransaction(ctx, async (tx) => {
    const invite = await tx.db
      .selectFrom('invites')
      .select(['id', 'role'])
      .where('workspace_id', '=', workspaceId)
      .where('email', '=', normalised)
      .where('state', '=', 'pending')
      .forUpdate()
      .executeTakeFirst();
    if (!invite) throw notFound('Invite');
    const token = newToken();
    const id = newId();
    // The old row leaves `pending` first: one pending invite per address (unique index invites_one_pending).
    await tx.db.updateTable('invites').set({ state: 'superseded' }).where('id', '=', invite.id).execute();
    await tx.db
      .insertInto('invites')
      .values({
        id,
        workspace_id: workspaceId,
        email: normalised,
        role: invite.role,
        token_hash: hashToken(token),
        invited_by: sender.accountId,
        sent_at: ctx.now(),
        state: 'pending',
      })
      .execute();
    await tx.db.updateTable('invites').set({ superseded_by: id }).where('id', '=', invite.id).execute();
    await sendInviteMail(tx, { email: normalised, workspaceId, role: invite.role, token, invitedBy: sender.accountId });
    return token;
  });
}

async function assertAnotherAdminRemains(ctx: ServerContext, workspaceId: string, accountId: string) {
  const admins = await ctx.db
    .selectFrom('memberships')
    .select('account_id')
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'admin')
    .where('account_id', '!=', accountId)
    .execute();
  if (admins.length === 0) throw conflict('A workspace needs at least one admin.');
}

export async function changeRole(
  ctx: ServerContext,
  workspaceId: string,
  callerId: string,
  accountId: string,
  role: Role,
) {
  if (accountId === callerId) throw forbidden('You cannot change your own role.');
  await inTransaction(ctx, async (tx) => {
    if (accountId.startsWith(INVITE_ACCOUNT_PREFIX)) {
      const invite = await tx.db
        .selectFrom('invites')
        .select(['email', 'role'])
        .where('id', '=', accountId.slice(INVITE_ACCOUNT_PREFIX.length))
        .where('workspace_id', '=', workspaceId)
        .where('state', '=', 'pending')
        .forUpdate()
        .executeTakeFirst();
      if (!invite) throw notFound('Team member');
      await tx.db
        .updateTable('invites')
        .set({ role })
        .where('id', '=', accountId.slice(INVITE_ACCOUNT_PREFIX.length))
        .execute();
      await emit(tx, 'member.role_changed', {
        workspaceId,
        memberId: accountId,
        email: invite.email,
        changes: changesOf({ role: invite.role }, { role }),
      });
      return;
    }
    const current = await tx.db
      .selectFrom('memberships')
      .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
      .select(['memberships.role', 'accounts.email'])
      .where('memberships.workspace_id', '=', workspaceId)
      .where('memberships.account_id', '=', accountId)
      .executeTakeFirst();
    if (!current) throw notFound('Team member');
    if (current.role === 'admin' && role !== 'admin') await assertAnotherAdminRemains(tx, workspaceId, accountId);
    await tx.db
      .updateTable('memberships')
      .set({ role })
      .where('workspace_id', '=', workspaceId)
      .where('account_id', '=', accountId)
      .execute();
    await emit(tx, 'member.role_changed', {
      workspaceId,
      memberId: accountId,
      email: current.email,
      changes: changesOf({ role: current.role }, { role }),
    });
  });
}

export async function removeFromTeam(ctx: ServerContext, workspaceId: string, callerEmail: string, email: string) {
  const normalised = email.trim().toLowerCase();
  if (normalised === callerEmail.toLowerCase()) throw forbidden('You cannot remove yourself from the team.');
  await inTransaction(ctx, async (tx) => {
    const member = await tx.db
      .selectFrom('memberships')
      .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
      .select(['accounts.id', 'memberships.role'])
      .where('memberships.workspace_id', '=', workspaceId)
      .where('accounts.email', '=', normalised)
      .executeTakeFirst();
    if (member) {
      if (member.role === 'admin') await assertAnotherAdminRemains(tx, workspaceId, member.id);
      await tx.db
        .deleteFrom('memberships')
        .where('workspace_id', '=', workspaceId)
        .where('account_id', '=', member.id)
        .execute();
      await emit(tx, 'member.removed', {
        workspaceId,
        memberId: member.id,
        email: normalised,
        changes: changesOf({ email: normalised, role: member.role }, null),
      });
      return;
    }
    const revoked = await tx.db
      .updateTable('invites')
      .set({ state: 'revoked' })
      .where('workspace_id', '=', workspaceId)
      .where('email', '=', normalised)
      .where('state', '=', 'pending')
      .returning(['id', 'role'])
      .executeTakeFirst();
    if (!revoked) throw notFound('Team member');
    await emit(tx, 'member.removed', {
      workspaceId,
      memberId: INVITE_ACCOUNT_PREFIX + revoked.id,
      email: normalised,
      changes: changesOf(
        { email: normalised, role: revoked.role, invite: 'pending' },
        { email: normalised, role: revoked.role, invite: 'revoked' },
      ),
    });
  });
}

async function findInvite(ctx: ServerContext, token: string) {
  const invite = await ctx.db
    .selectFrom('invites')
    .innerJoin('workspaces', 'workspaces.id', 'invites.workspace_id')
    .select([
      'invites.id',
      'invites.email',
      'invites.role',
      'invites.sent_at',
      'invites.state',
      'invites.workspace_id',
      'workspaces.name',
    ])
    .where('invites.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!invite) throw notFound('Invite');
  return invite;
}

export async function previewInvite(ctx: ServerContext, token: string): Promise<InvitePreview> {
  const invite = await findInvite(ctx, token);
  const status = inviteStatus(seconds(invite.sent_at), seconds(ctx.now()));
  const state = invite.state === 'pending' && status.expired ? 'expired' : invite.state;
  const account = await ctx.db.selectFrom('accounts').select('id').where('email', '=', invite.email).executeTakeFirst();
  return {
    email: invite.email,
    workspaceId: invite.workspace_id,
    workspaceName: invite.name,
    role: invite.role,
    state,
    hasAccount: account !== undefined,
    expiresAt: status.expiredOn ?? undefined,
  };
}

/**
 * `client` is the browser's address and user agent: joining with an existing account's password counts against the
 * sign-in limits, and the session made is listed with them. A new account needs a first and last name; an existing
 * one joins with its password alone (names sent are ignored). An existing account with two-factor sign-in joins, but
 * its session still needs the code: the answer is the code step's token, as a sign-in's (docs/accounts.md
 * §Two-factor sign-in).
 */
export async function acceptInvite(
  ctx: ServerContext,
  token: string,
  input: AcceptInviteRequest,
  client: Client,
): Promise<{ accountId: string } & ({ token: string } | { challengeToken: string })> {
  const { ip } = client;
  const preview = await previewInvite(ctx, token);
  if (preview.state !== 'pending') throw gone(INVITE_REFUSED[preview.state], INVITE_REFUSAL_CODES[preview.state]);
  const invite = await findInvite(ctx, token);
  const existing = await ctx.db
    .selectFrom('accounts')
    .select(['id', 'password_hash', 'first_name', 'last_name'])
    .where('email', '=', invite.email)
    .executeTakeFirst();
  const firstName = input.firstName?.trim() ?? '';
  const lastName = input.lastName?.trim() ?? '';
  if (!existing && (!firstName || !lastName))
    throw invalid('First name and last name are required.', ['firstName', 'lastName']);
  if (existing) {
    // The invited address already has an account: joining needs that account's password, guarded like sign-in.
    await assertPasswordAttemptAllowed(ctx, invite.email, ip);
    const ok = await verifyPassword(input.password, existing.password_hash);
    await recordPasswordAttempt(ctx, invite.email, ip, ok);
    if (!ok)
      throw unauthenticated(
        'This email already has a Questboard account. Enter its password to join.',
        'invalid_credentials',
      );
  } else {
    const problem = passwordProblem(input.password);
    if (problem) throw invalid(problem, ['password']);
  }
  const passwordHash = existing ? null : await hashPassword(input.password);
  const accountId = await inTransaction(ctx, async (tx) => {
    const id = existing?.id ?? newId();
    // Claim the invite first: a concurrent accept of the same link waits on this row and then gets 410.
    const claimed = await tx.db
      .updateTable('invites')
      .set({ state: 'accepted', accepted_at: ctx.now() })
      .where('id', '=', invite.id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw gone(INVITE_REFUSED.accepted, INVITE_REFUSAL_CODES.accepted);
    if (!existing) {
      await tx.db
        .insertInto('accounts')
        .values({
          id,
          email: invite.email,
          first_name: firstName,
          last_name: lastName,
          password_hash: passwordHash!,
          is_tp_user: isInternalEmail(invite.email, ctx.config.internalDomains),
        })
        .execute();
    }
    const joined = await tx.db
      .insertInto('memberships')
      .values({ workspace_id: invite.workspace_id, account_id: id, role: invite.role })
      .onConflict((oc) => oc.columns(['workspace_id', 'account_id']).doNothing())
      .executeTakeFirst();
    // The workspace learns who joined (its admins' alert, docs/notifications.md): made by the person who accepted.
    if (Number(joined.numInsertedOrUpdatedRows ?? 0) > 0)
      await emit({ ...tx, actor: id }, 'member.joined', {
        workspaceId: invite.workspace_id,
        memberId: id,
        email: invite.email,
        name: existing ? `${existing.first_name} ${existing.last_name}`.trim() : `${firstName} ${lastName}`,
        changes: changesOf(null, { role: invite.role }),
      });
    return id;
  });
  if (existing && (await hasTwoFactor(ctx, accountId)))
    return { accountId, challengeToken: await openChallenge(ctx, accountId, invite.email) };
  return { accountId, token: await createSession(ctx, accountId, client) };
}

/** View model of the team actions: the invite dialog, the Change role dialog, the remove confirmation, busy rows. */
import type { SnapshotFrom } from 'xstate';
import type { teamMachine, MemberRef } from './team.machine';
import type { SendTo } from '../shared/flow';
import type { Role } from '../../contracts/codecs';

type Snapshot = SnapshotFrom<typeof teamMachine>;

export const selectInviteDialog = (s: Snapshot) => ({
  open: s.matches({ inviteDialog: 'open' }) || s.matches({ inviteDialog: 'sending' }),
  busy: s.matches({ inviteDialog: 'sending' }),
  email: s.context.invite.email,
  role: s.context.invite.role,
  roles: s.context.invite.roles,
  errors: s.context.invite.errors,
  error: s.context.invite.error,
});

export const selectRoleDialog = (s: Snapshot) => ({
  open: s.matches({ memberAction: 'changeRole' }),
  busy: s.matches({ memberAction: { changeRole: 'updating' } }),
  member: s.context.member,
  role: s.context.newRole,
  canSave: s.context.member !== null && s.context.newRole !== s.context.member.role,
  error: s.context.actionError,
});

export const selectRemoveDialog = (s: Snapshot) => ({
  open: s.matches({ memberAction: 'remove' }),
  busy: s.matches({ memberAction: { remove: 'removing' } }),
  member: s.context.member,
  error: s.context.actionError,
});

/** The email of the row whose invite is being resent (its menu shows a spinner), else null. */
export const selectResendingEmail = (s: Snapshot) =>
  s.matches({ memberAction: 'resending' }) ? (s.context.member?.email ?? null) : null;

/** Row menus are disabled while any row action runs. */
export const selectRowActionsBusy = (s: Snapshot) => !s.matches({ memberAction: 'ready' });

/** The events the team views send, as named senders (views never build events). */
export const teamActions = (send: SendTo<typeof teamMachine>) => ({
  openInvite: (roles: Role[]) => send({ type: 'OPEN_INVITE', roles }),
  typeInviteEmail: (value: string) => send({ type: 'INVITE_EMAIL', value }),
  pickInviteRole: (role: Role) => send({ type: 'INVITE_ROLE', role }),
  submitInvite: () => send({ type: 'SUBMIT_INVITE' }),
  closeInvite: () => send({ type: 'CLOSE_INVITE' }),
  resend: (member: MemberRef) => send({ type: 'RESEND', member }),
  changeRole: (member: MemberRef) => send({ type: 'CHANGE_ROLE', member }),
  pickRole: (role: Role) => send({ type: 'PICK_ROLE', role }),
  saveRole: () => send({ type: 'SAVE_ROLE' }),
  remove: (member: MemberRef) => send({ type: 'REMOVE', member }),
  confirmRemove: () => send({ type: 'CONFIRM_REMOVE' }),
  cancel: () => send({ type: 'CANCEL' }),
});

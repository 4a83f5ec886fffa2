/** View model of the invite page. */
import type { SnapshotFrom } from 'xstate';
import { INVITE_NOT_FOUND, INVITE_REFUSED, INVITE_UNAVAILABLE, type acceptInviteMachine } from './accept-invite.machine';

type Snapshot = SnapshotFrom<typeof acceptInviteMachine>;

export type InvitePageStatus = 'loading' | 'form' | 'refused' | 'notFound' | 'unavailable' | 'joined';

export const selectInvitePage = (s: Snapshot) => {
  const status: InvitePageStatus = s.matches('loading')
    ? 'loading'
    : s.matches('ready') || s.matches('joining')
      ? 'form'
      : s.matches('joined')
        ? 'joined'
        : s.matches('refused')
          ? 'refused'
          : s.matches('notFound')
            ? 'notFound'
            : 'unavailable';
  const message =
    status === 'refused' && s.context.refusal ? INVITE_REFUSED[s.context.refusal]
    : status === 'notFound' ? INVITE_NOT_FOUND
    : status === 'unavailable' ? INVITE_UNAVAILABLE
    : null;
  return {
    status,
    message,
    refusal: s.context.refusal,
    preview: s.context.preview,
    busy: s.matches('joining') || s.matches('joined'),
    firstName: s.context.firstName,
    lastName: s.context.lastName,
    password: s.context.password,
    errors: s.context.errors,
    error: s.context.error,
  };
};

/** View model of the invite page. */
import type { SnapshotFrom } from 'xstate';
import { INVITE_REFUSED } from '../../contracts/team';
import { INVITE_NOT_FOUND, INVITE_UNAVAILABLE, type acceptInviteMachine } from './accept-invite.machine';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof acceptInviteMachine>;

export type InvitePageStatus = 'loading' | 'form' | 'refused' | 'notFound' | 'unavailable' | 'joined';

type TopState = Snapshot['value'] extends infer V ? (V extends string ? V : keyof V & string) : never;
/** What the page shows in each state: joining keeps the form on screen (with a busy button). */
const STATUS: Record<TopState, InvitePageStatus> = {
  loading: 'loading',
  ready: 'form',
  joining: 'form',
  joined: 'joined',
  refused: 'refused',
  notFound: 'notFound',
  unavailable: 'unavailable',
};

export const selectInvitePage = (s: Snapshot) => {
  const top = (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]) as TopState;
  const status = STATUS[top];
  const message =
    status === 'refused' && s.context.refusal
      ? INVITE_REFUSED[s.context.refusal]
      : status === 'notFound'
        ? INVITE_NOT_FOUND
        : status === 'unavailable'
          ? INVITE_UNAVAILABLE
          : null;
  return {
    status,
    message,
    refusal: s.context.refusal,
    preview: s.context.preview,
    /** The invited address already has an account: the form only asks for its password. */
    existingAccount: s.context.preview?.hasAccount === true,
    busy: s.matches('joining') || s.matches('joined'),
    firstName: s.context.firstName,
    lastName: s.context.lastName,
    password: s.context.password,
    errors: s.context.errors,
    error: s.context.error,
  };
};

/** The events the invite page sends, as named senders. */
export const acceptInviteActions = (send: SendTo<typeof acceptInviteMachine>) => ({
  change: (field: EventOf<typeof acceptInviteMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  submit: () => send({ type: 'SUBMIT' }),
  retry: () => send({ type: 'RETRY' }),
});

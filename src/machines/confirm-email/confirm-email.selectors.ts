/** View model of /confirm-email/{token}. */
import { RESET_LINK_NOT_FOUND } from '../../contracts/account';
import { CONFIRM_UNAVAILABLE, type ConfirmEmailSnapshot, type confirmEmailMachine } from './confirm-email.machine';
import type { SendTo } from '../shared/flow';

export type ConfirmEmailStatus = 'confirming' | 'done' | 'refused' | 'notFound' | 'unavailable';

export const selectConfirmEmail = (s: ConfirmEmailSnapshot) => {
  const status: ConfirmEmailStatus = s.matches('done')
    ? 'done'
    : s.matches('refused')
      ? 'refused'
      : s.matches('notFound')
        ? 'notFound'
        : s.matches('unavailable')
          ? 'unavailable'
          : 'confirming';
  const message =
    status === 'refused'
      ? s.context.error
      : status === 'notFound'
        ? RESET_LINK_NOT_FOUND
        : status === 'unavailable'
          ? CONFIRM_UNAVAILABLE
          : null;
  return { status, message, email: s.context.email };
};

export const confirmEmailActions = (send: SendTo<typeof confirmEmailMachine>) => ({
  retry: () => send({ type: 'RETRY' }),
});

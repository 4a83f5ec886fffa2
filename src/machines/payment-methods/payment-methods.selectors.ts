/** View models of the Payment Methods tab: the delete confirm and which row is busy. */
import {
  ADD_METHOD_LABEL,
  CANNOT_DELETE_TITLE,
  DELETE_TITLE,
  deleteQuestion,
  type PaymentMethodsSnapshot,
  type paymentMethodsMachine,
} from './payment-methods.machine';
import type { EventOf, SendTo } from '../shared/flow';

/**
 * The delete dialog: the question (with the server's reason after a refusal, and "Try again"), or, for a method that
 * cannot go (blocked), why, with adding a method as the way out instead of a delete.
 */
export const selectDeleteDialog = (s: PaymentMethodsSnapshot) => {
  const blocked = s.matches('blocked');
  const refused = s.matches('refused');
  return {
    open: s.matches('deleting') || refused || blocked,
    busy: s.matches({ deleting: 'working' }),
    blocked,
    title: blocked ? CANNOT_DELETE_TITLE : DELETE_TITLE,
    message: blocked ? (s.context.error ?? '') : deleteQuestion(s.context.method?.label ?? ''),
    error: refused ? s.context.error : null,
    confirmLabel: blocked ? ADD_METHOD_LABEL : refused ? 'Try again' : 'Delete',
    tone: blocked ? ('primary' as const) : ('danger' as const),
  };
};

/** The id of the method whose default is being set, else null. */
export const selectSettingDefault = (s: PaymentMethodsSnapshot) =>
  s.matches('settingDefault') ? (s.context.method?.id ?? null) : null;
/** Whether a row action may start (nothing else is under way). */
export const selectIdle = (s: PaymentMethodsSnapshot) => s.matches('idle');

/** The events the payment methods tab sends, as named senders. */
export const paymentMethodsActions = (send: SendTo<typeof paymentMethodsMachine>) => ({
  setDefault: (method: Method) => send({ type: 'SET_DEFAULT', method }),
  remove: (method: Method) => send({ type: 'DELETE', method }),
  confirm: () => send({ type: 'CONFIRM' }),
  cancel: () => send({ type: 'CANCEL' }),
  addMethod: () => send({ type: 'ADD_METHOD' }),
});
type Method = EventOf<typeof paymentMethodsMachine, 'DELETE'>['method'];

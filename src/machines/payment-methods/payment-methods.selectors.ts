/** View models of the Payment Methods tab: the delete confirm and which row is busy. */
import { DELETE_TITLE, deleteQuestion, type PaymentMethodsSnapshot } from './payment-methods.machine';

export const selectDeleteDialog = (s: PaymentMethodsSnapshot) => ({
  open: s.matches('deleting') || s.matches('refused'),
  busy: s.matches({ deleting: 'working' }),
  title: DELETE_TITLE,
  message: deleteQuestion(s.context.method?.label ?? ''),
  error: s.matches('refused') ? s.context.error : null,
});

/** The id of the method whose default is being set, else null. */
export const selectSettingDefault = (s: PaymentMethodsSnapshot) => (s.matches('settingDefault') ? (s.context.method?.id ?? null) : null);
/** Whether a row action may start (nothing else is under way). */
export const selectIdle = (s: PaymentMethodsSnapshot) => s.matches('idle');

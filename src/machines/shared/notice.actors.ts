/** The implementation of the shared `notify` action (src/machines/shared/notice.ts): every flow's actors provide it. */
import { notify as showSnackbar } from '../../services/notify';
import type { Notice } from './notice';

export const showNotice = (_: unknown, { message, kind, duration = 'normal' }: Notice) => {
  showSnackbar(message, kind, duration);
};

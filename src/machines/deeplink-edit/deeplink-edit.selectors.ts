/** View model of the Acquisition Links tab's Update deep link dialog. */
import type { SnapshotFrom } from 'xstate';
import type { deeplinkEditMachine } from './deeplink-edit.machine';

type Snapshot = SnapshotFrom<typeof deeplinkEditMachine>;

export const selectDeeplinkEdit = (s: Snapshot) => ({
  open: !s.matches('idle'),
  saving: s.matches('saving'),
  link: s.context.link,
  url: s.context.url,
  fieldError: s.context.fieldError,
  failure: s.context.failure,
});

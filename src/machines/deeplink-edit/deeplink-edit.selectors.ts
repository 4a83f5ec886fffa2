/** View model of the Acquisition Links tab's Update deep link dialog. */
import type { SnapshotFrom } from 'xstate';
import type { deeplinkEditMachine } from './deeplink-edit.machine';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof deeplinkEditMachine>;

export const selectDeeplinkEdit = (s: Snapshot) => ({
  open: !s.matches('idle'),
  saving: s.matches('saving'),
  link: s.context.link,
  url: s.context.url,
  fieldError: s.context.fieldError,
  failure: s.context.failure,
});

/** The events the Acquisition links tab sends, as named senders. */
export const deeplinkEditActions = (send: SendTo<typeof deeplinkEditMachine>) => ({
  edit: (link: EventOf<typeof deeplinkEditMachine, 'EDIT'>['link']) => send({ type: 'EDIT', link }),
  change: (url: string) => send({ type: 'CHANGE', url }),
  submit: () => send({ type: 'SUBMIT' }),
  cancel: () => send({ type: 'CANCEL' }),
});

/** View model of one CMS image slot. */
import type { SnapshotFrom } from 'xstate';
import type { imageSlotMachine } from './image-slot.machine';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof imageSlotMachine>;

export const selectImageSlot = (s: Snapshot) => ({
  busy: s.matches('reading') || s.matches('compressing'),
  step: s.matches('reading') ? 'Checking image…' : s.matches('compressing') ? 'Compressing…' : null,
  error: s.context.error,
});

/** The events an image slot sends, as named senders. */
export const imageSlotActions = (send: SendTo<typeof imageSlotMachine>) => ({
  drop: (file: EventOf<typeof imageSlotMachine, 'DROP'>['file']) => send({ type: 'DROP', file }),
  clear: () => send({ type: 'CLEAR' }),
});

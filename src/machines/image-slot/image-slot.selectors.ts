/** View model of one CMS image slot. */
import type { SnapshotFrom } from 'xstate';
import type { imageSlotMachine } from './image-slot.machine';

type Snapshot = SnapshotFrom<typeof imageSlotMachine>;

export const selectImageSlot = (s: Snapshot) => ({
  busy: s.matches('reading') || s.matches('compressing'),
  step: s.matches('reading') ? 'Checking image…' : s.matches('compressing') ? 'Compressing…' : null,
  error: s.context.error,
});

/** View model of the Details form. */
import type { SnapshotFrom } from 'xstate';
import { formOf, type appDetailsMachine } from './app-details.machine';
import type { EventOf, SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof appDetailsMachine>;

const slotKey = (slot: { url: string | null; file: unknown }) => (slot.file ? 'file' : slot.url);

export const selectAppDetails = (s: Snapshot) => {
  const { details, form } = s.context;
  const saved = details ? formOf(details) : null;
  const dirty =
    !!form &&
    !!saved &&
    (form.shortDescription !== saved.shortDescription ||
      form.fullDescription !== saved.fullDescription ||
      form.screenshots.some((slot, i) => slotKey(slot) !== slotKey(saved.screenshots[i]!)) ||
      slotKey(form.background) !== slotKey(saved.background));
  return {
    loading: s.matches('loading') && !form,
    failed: s.matches('loadFailed'),
    empty: s.matches('empty'),
    saving: s.matches('saving') || (s.matches('loading') && !!form),
    details,
    form,
    dirty,
    error: s.context.error,
  };
};

/** The events the Details tab sends, as named senders. */
export const appDetailsActions = (send: SendTo<typeof appDetailsMachine>) => ({
  change: (field: EventOf<typeof appDetailsMachine, 'CHANGE'>['field'], value: string) =>
    send({ type: 'CHANGE', field, value }),
  setImage: (slot: Slot, file: EventOf<typeof appDetailsMachine, 'SET_IMAGE'>['file']) =>
    send({ type: 'SET_IMAGE', slot, file }),
  removeImage: (slot: Slot) => send({ type: 'REMOVE_IMAGE', slot }),
  submit: () => send({ type: 'SUBMIT' }),
  reset: () => send({ type: 'RESET' }),
  retry: () => send({ type: 'RETRY' }),
});
type Slot = EventOf<typeof appDetailsMachine, 'REMOVE_IMAGE'>['slot'];

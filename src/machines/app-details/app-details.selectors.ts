/** View model of the Details form. */
import type { SnapshotFrom } from 'xstate';
import type { appDetailsMachine } from './app-details.machine';
import { formOf } from './app-details.machine';

type Snapshot = SnapshotFrom<typeof appDetailsMachine>;

const slotKey = (slot: { url: string | null; file: unknown }) => (slot.file ? 'file' : slot.url);

export const selectAppDetails = (s: Snapshot) => {
  const { details, form } = s.context;
  const saved = details ? formOf(details) : null;
  const dirty =
    !!form && !!saved &&
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

/** View model of the 'Update Partner Link' and 'Update Events File' dialogs (docs/postbacks.md §Screens and routes; §Rules and limits blocked on a validation error). */
import { eventsFileError, partnerLinkError } from '../../contracts/integrations';
import { REMOVE_EVENTS_TITLE } from '../../contracts/adjust';
import type { AdjustUpdateSnapshot, adjustUpdateMachine } from './adjust-update.machine';
import type { SendTo } from '../shared/flow';

export function selectUpdateDialog(s: AdjustUpdateSnapshot) {
  const mode = s.matches('link') ? ('link' as const) : s.matches('file') ? ('file' as const) : null;
  const saving = s.matches({ link: 'saving' }) || s.matches({ file: 'saving' });
  // Asking to confirm the events a new file removes, or saving once that was confirmed.
  const confirming = s.matches({ file: 'confirming' }) || (s.matches({ file: 'saving' }) && s.context.removeConfirmed);
  const error =
    mode === 'link'
      ? partnerLinkError(s.context.partnerLink)
      : mode === 'file' && s.context.file
        ? eventsFileError(s.context.file)
        : null;
  const blocked = mode === 'link' ? error !== null : eventsFileError(s.context.file) !== null;
  return {
    mode,
    title: mode === 'link' ? 'Update Partner Link' : confirming ? REMOVE_EVENTS_TITLE : 'Update Events File',
    /** The events the new file removes, listed for the publisher to confirm (empty when not asking). */
    removes: confirming ? s.context.removes : [],
    partnerLink: s.context.partnerLink,
    fileName: s.context.file?.name ?? null,
    error,
    serverErrors: s.context.errors,
    saving,
    canSave: !saving && !blocked,
  };
}

/** Check Status runs (its button is busy). */
export const selectChecking = (s: AdjustUpdateSnapshot) => s.matches('checking');

/** The events the Adjust tab and its update dialog sends, as named senders. */
export const adjustUpdateActions = (send: SendTo<typeof adjustUpdateMachine>) => ({
  openLink: (current: string) => send({ type: 'OPEN_LINK', current }),
  openFile: () => send({ type: 'OPEN_FILE' }),
  setLink: (value: string) => send({ type: 'SET_LINK', value }),
  setFile: (file: File | null) => send({ type: 'SET_FILE', file }),
  save: () => send({ type: 'SAVE' }),
  cancel: () => send({ type: 'CANCEL' }),
  confirm: () => send({ type: 'CONFIRM' }),
  checkStatus: (pluginId: string, connected: boolean) => send({ type: 'CHECK_STATUS', pluginId, connected }),
});

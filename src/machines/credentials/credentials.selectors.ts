/** View model of the Credentials page: the list with each credential's uses and dates, the rename and revoke dialogs. */
import type { SnapshotFrom } from 'xstate';
import {
  CREDENTIAL_KIND_LABELS,
  CREDENTIAL_NAME_MAX,
  credentialNameProblem,
  credentialUseLabel,
  credentialUseName,
} from '../../contracts/credentials';
import type { credentialsMachine } from './credentials.machine';
import type { SendTo } from '../shared/flow';

type Snapshot = SnapshotFrom<typeof credentialsMachine>;

/** A moment as the page shows it (UTC, to the minute), or "Never". */
export const shownTime = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : 'Never');

export function selectCredentials(s: Snapshot) {
  const c = s.context;
  const target = c.credentials.find((credential) => credential.id === c.target) ?? null;
  const renaming = s.matches('renaming');
  const revoking = s.matches('revoking');
  return {
    loading: s.matches('loading'),
    failed: s.matches('failed'),
    loadError: s.matches('failed') ? c.error : null,
    listed: !s.matches('loading') && !s.matches('failed'),
    credentials: c.credentials.map((credential) => ({
      ...credential,
      kindLabel: CREDENTIAL_KIND_LABELS[credential.type],
      usedByNames: credential.usedBy.map(credentialUseName),
      lastUsedLabel: shownTime(credential.lastUsedAt),
      addedLabel: `${shownTime(credential.addedAt)}${credential.addedBy ? ` by ${credential.addedBy.name}` : ''}`,
      checkLabel: credential.lastCheck
        ? `${credential.lastCheck.ok ? 'Works' : 'Refused'} · ${shownTime(credential.lastCheck.at)}`
        : 'Not checked yet',
      refreshing: s.matches('refreshing') && c.target === credential.id,
    })),
    /** A change in flight or a dialog open: the list's buttons wait. */
    busy: !s.matches('ready'),
    rename: renaming
      ? {
          name: c.draft,
          max: CREDENTIAL_NAME_MAX,
          problem: c.showErrors ? credentialNameProblem(c.draft) : null,
          saving: s.matches({ renaming: 'saving' }),
          error: s.matches({ renaming: 'editing' }) ? c.error : null,
          email: target?.email ?? '',
        }
      : null,
    revoke: revoking
      ? {
          name: target?.name ?? '',
          usedBy: target ? target.usedBy.map(credentialUseLabel) : [],
          busy: s.matches({ revoking: 'revoking' }),
          error: s.matches({ revoking: 'confirming' }) ? c.error : null,
        }
      : null,
    notice: s.matches('ready') ? c.notice : null,
    /** A failed refresh (shown above the list). */
    error: s.matches('ready') ? c.error : null,
  };
}

export const credentialsActions = (send: SendTo<typeof credentialsMachine>) => ({
  retry: () => send({ type: 'RETRY' }),
  rename: (id: string) => send({ type: 'RENAME', id }),
  changeName: (value: string) => send({ type: 'CHANGE_NAME', value }),
  submit: () => send({ type: 'SUBMIT' }),
  cancel: () => send({ type: 'CANCEL' }),
  refresh: (id: string) => send({ type: 'REFRESH', id }),
  revoke: (id: string) => send({ type: 'REVOKE', id }),
  confirm: () => send({ type: 'CONFIRM' }),
});

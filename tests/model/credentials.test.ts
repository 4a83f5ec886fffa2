/**
 * Paths of the credentials' machine (src/machines/credentials): every state reachable; the list loads (or fails with
 * Try again); a rename checks the name in the dialog with the server's own rule, a refused rename (a name taken) keeps
 * the dialog with the server's words; Refresh shows the check's outcome, works or refused; a revoke is confirmed and
 * the server's refusal (a plugin uses the credential, named) stays in the dialog; an unknown credential is ignored.
 */
import { describe, expect, it } from 'vitest';
import { credentialsMachine } from '../../src/machines/credentials/credentials.machine';
import { selectCredentials } from '../../src/machines/credentials/credentials.selectors';
import type { ManagedCredential } from '../../src/contracts/credentials';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  serverCrash,
  shortestPaths,
  unreachedStateNodeIds,
} from './graph-harness';

const INPUT = { workspaceId: 'demo-studio' };
const credential = (id: string, patch: Partial<ManagedCredential> = {}): ManagedCredential => ({
  id,
  type: 'USER_OAUTH',
  name: `${id}@demostudio.dev`,
  email: `${id}@demostudio.dev`,
  projectId: null,
  usedBy: [],
  lastUsedAt: null,
  addedAt: '2026-11-20T10:00:00.000Z',
  addedBy: { name: 'Ada Admin', email: 'admin@demostudio.dev' },
  lastCheck: null,
  ...patch,
});
const USED = credential('publisher', {
  type: 'TP_SERVICE_ACCOUNT',
  usedBy: [
    { pluginId: 'p1', pluginType: 'BigQuery', appId: 'dm-android', appName: 'Dragon Merge', platform: 'android' },
  ],
  lastUsedAt: '2026-11-27T09:30:00.000Z',
});
const SPARE = credential('spare');
const LIST = [USED, SPARE];
const IN_USE =
  'This credential is used by the BigQuery plugin of Dragon Merge (Android). Connect it with another credential or delete it first.';
const REFUSED = 'The Google account spare@demostudio.dev has expired or was revoked: sign in with Google again.';

const model = defineModel(credentialsMachine, {
  RETRY: { type: 'RETRY' },
  RENAME: [
    { type: 'RENAME', id: 'spare' },
    { type: 'RENAME', id: 'gone' },
  ],
  CHANGE_NAME: [
    { type: 'CHANGE_NAME', value: '  Analytics account ' },
    { type: 'CHANGE_NAME', value: '   ' },
    { type: 'CHANGE_NAME', value: 'x'.repeat(61) },
  ],
  SUBMIT: { type: 'SUBMIT' },
  CANCEL: { type: 'CANCEL' },
  REFRESH: { type: 'REFRESH', id: 'spare' },
  REVOKE: [
    { type: 'REVOKE', id: 'publisher' },
    { type: 'REVOKE', id: 'spare' },
  ],
  CONFIRM: { type: 'CONFIRM' },
  'xstate.done.actor.loadCredentials': [
    done('loadCredentials', { success: true as const, credentials: LIST }),
    done('loadCredentials', { success: true as const, credentials: [] }),
  ],
  'xstate.error.actor.loadCredentials': failed('loadCredentials', new TypeError('Failed to fetch')),
  'xstate.done.actor.renameCredential': done('renameCredential', {
    success: true as const,
    credential: { ...SPARE, name: 'Analytics account' },
  }),
  'xstate.error.actor.renameCredential': [
    failed(
      'renameCredential',
      apiError(409, 'Another credential of this workspace already has this name.', 'credential_name_taken'),
    ),
    failed('renameCredential', serverCrash()),
  ],
  'xstate.done.actor.refreshCredential': [
    done('refreshCredential', {
      success: true as const,
      credential: {
        ...SPARE,
        lastCheck: { at: '2026-11-27T10:00:00.000Z', ok: true, message: 'Works: reaches 1 GCP project.' },
      },
    }),
    done('refreshCredential', {
      success: true as const,
      credential: { ...SPARE, lastCheck: { at: '2026-11-27T10:00:00.000Z', ok: false, message: REFUSED } },
    }),
  ],
  'xstate.error.actor.refreshCredential': failed('refreshCredential', serverCrash()),
  'xstate.done.actor.revokeCredential': done('revokeCredential', { success: true as const, credentials: [USED] }),
  'xstate.error.actor.revokeCredential': [
    failed('revokeCredential', apiError(409, IN_USE, 'credential_in_use')),
    failed('revokeCredential', serverCrash()),
  ],
});
const ev = {
  retry: fixture(model, 'RETRY'),
  rename: fixture(model, 'RENAME', 0),
  renameGone: fixture(model, 'RENAME', 1),
  name: fixture(model, 'CHANGE_NAME', 0),
  blank: fixture(model, 'CHANGE_NAME', 1),
  long: fixture(model, 'CHANGE_NAME', 2),
  submit: fixture(model, 'SUBMIT'),
  cancel: fixture(model, 'CANCEL'),
  refresh: fixture(model, 'REFRESH'),
  revokeUsed: fixture(model, 'REVOKE', 0),
  revokeSpare: fixture(model, 'REVOKE', 1),
  confirm: fixture(model, 'CONFIRM'),
  loaded: fixture(model, 'xstate.done.actor.loadCredentials', 0),
  loadedEmpty: fixture(model, 'xstate.done.actor.loadCredentials', 1),
  loadFailed: fixture(model, 'xstate.error.actor.loadCredentials'),
  renamed: fixture(model, 'xstate.done.actor.renameCredential'),
  nameTaken: fixture(model, 'xstate.error.actor.renameCredential', 0),
  renameCrashed: fixture(model, 'xstate.error.actor.renameCredential', 1),
  works: fixture(model, 'xstate.done.actor.refreshCredential', 0),
  refused: fixture(model, 'xstate.done.actor.refreshCredential', 1),
  refreshCrashed: fixture(model, 'xstate.error.actor.refreshCredential'),
  revoked: fixture(model, 'xstate.done.actor.revokeCredential'),
  inUse: fixture(model, 'xstate.error.actor.revokeCredential', 0),
  revokeCrashed: fixture(model, 'xstate.error.actor.revokeCredential', 1),
};
const path = (events: Parameters<typeof pathOf>[1]) => pathOf(credentialsMachine, events, INPUT);
const view = (events: Parameters<typeof pathOf>[1]) => selectCredentials(path(events).state);

describe('credentials machine paths', () => {
  it('reaches every state node', () => {
    const paths = shortestPaths(credentialsMachine, model.events, {
      input: INPUT,
      serializeState: (s) =>
        JSON.stringify([s.value, s.context.credentials.length, s.context.showErrors, s.context.draft.trim() === '']),
    });
    expect(unreachedStateNodeIds(credentialsMachine, paths)).toEqual([]);
  });

  it('loads the list with what uses each credential; empty; a failed load offers Try again', () => {
    const ready = view([ev.loaded]);
    expect(ready.credentials.map((c) => c.id)).toEqual(['publisher', 'spare']);
    expect(ready.credentials[0]).toMatchObject({
      kindLabel: 'Questboard service account',
      usedByNames: ['BigQuery plugin of Dragon Merge (Android)'],
      lastUsedLabel: '2026-11-27 09:30 UTC',
      addedLabel: '2026-11-20 10:00 UTC by Ada Admin',
      checkLabel: 'Not checked yet',
    });
    expect(ready.credentials[1]!.lastUsedLabel).toBe('Never');
    expect(view([ev.loadedEmpty]).credentials).toEqual([]);
    const broken = view([ev.loadFailed]);
    expect(broken).toMatchObject({ failed: true, loadError: 'We could not load the credentials. Please try again.' });
    expect(path([ev.loadFailed, ev.retry, ev.loaded]).state.matches('ready')).toBe(true);
  });

  it('renames: the dialog starts from the current name, checks it, sends it trimmed; refusals keep the dialog', () => {
    expect(view([ev.loaded, ev.rename]).rename).toMatchObject({ name: 'spare@demostudio.dev', problem: null });
    expect(view([ev.loaded, ev.rename, ev.blank, ev.submit]).rename!.problem).toBe('Enter a name for the credential.');
    expect(view([ev.loaded, ev.rename, ev.long, ev.submit]).rename!.problem).toBe(
      'A credential name has at most 60 characters.',
    );
    expect(path([ev.loaded, ev.rename, ev.blank, ev.submit]).state.matches({ renaming: 'editing' })).toBe(true);
    const saving = path([ev.loaded, ev.rename, ev.name, ev.submit]).state;
    expect(saving.matches({ renaming: 'saving' })).toBe(true);
    expect(saving.children.renameCredential).toBeDefined();
    const renamed = view([ev.loaded, ev.rename, ev.name, ev.submit, ev.renamed]);
    expect(renamed.notice).toEqual({ text: 'Credential renamed.', kind: 'success' });
    expect(renamed.credentials[1]!.name).toBe('Analytics account');
    expect(renamed.rename).toBeNull();
    expect(view([ev.loaded, ev.rename, ev.name, ev.submit, ev.nameTaken]).rename!.error).toBe(
      'Another credential of this workspace already has this name.',
    );
    expect(view([ev.loaded, ev.rename, ev.name, ev.submit, ev.renameCrashed]).rename!.error).toBe(
      'We could not rename the credential. Please try again.',
    );
    expect(view([ev.loaded, ev.rename, ev.cancel]).rename).toBeNull();
    expect(path([ev.loaded]).state.can(ev.renameGone)).toBe(false);
  });

  it("refresh shows the check's outcome: works, refused in Google's words, or our words when the call failed", () => {
    expect(view([ev.loaded, ev.refresh]).credentials[1]!.refreshing).toBe(true);
    const works = view([ev.loaded, ev.refresh, ev.works]);
    expect(works.notice).toEqual({ text: 'Credential checked: it works.', kind: 'success' });
    expect(works.credentials[1]!.checkLabel).toBe('Works · 2026-11-27 10:00 UTC');
    const refused = view([ev.loaded, ev.refresh, ev.refused]);
    expect(refused.notice).toEqual({
      text: `The credential was checked and does not work: ${REFUSED}`,
      kind: 'warning',
    });
    expect(refused.credentials[1]!.checkLabel).toBe('Refused · 2026-11-27 10:00 UTC');
    expect(view([ev.loaded, ev.refresh, ev.refreshCrashed]).error).toBe(
      'We could not check the credential. Please try again.',
    );
  });

  it("revoke is confirmed; the server's refusal naming the plugin stays in the dialog; an unused one goes", () => {
    const asking = view([ev.loaded, ev.revokeUsed]);
    expect(asking.revoke).toMatchObject({
      name: 'publisher@demostudio.dev',
      usedBy: ['the BigQuery plugin of Dragon Merge (Android)'],
      busy: false,
    });
    expect(view([ev.loaded, ev.revokeUsed, ev.confirm]).revoke!.busy).toBe(true);
    const refused = view([ev.loaded, ev.revokeUsed, ev.confirm, ev.inUse]);
    expect(refused.revoke!.error).toBe(IN_USE);
    expect(refused.credentials).toHaveLength(2);
    expect(view([ev.loaded, ev.revokeUsed, ev.confirm, ev.inUse, ev.cancel]).revoke).toBeNull();
    expect(view([ev.loaded, ev.revokeSpare, ev.confirm, ev.revokeCrashed]).revoke!.error).toBe(
      'We could not revoke the credential. Please try again.',
    );
    const revoked = view([ev.loaded, ev.revokeSpare, ev.confirm, ev.revoked]);
    expect(revoked.notice).toEqual({ text: 'Credential revoked.', kind: 'success' });
    expect(revoked.credentials.map((c) => c.id)).toEqual(['publisher']);
  });
});

/**
 * Paths of the Configure Connection dialog (src/machines/configure-connection; docs/integrations.md §Plugin states save-disabled rules and save
 * paths, §Rules and limits IAM roles / GCP project name / application/json upload, §Roles admin-only service accounts, §Messages plugin and IAM
 * messages with their prefixes and the 10 s warning): every state reachable; each save path (product account created
 * then saved, product account lacking roles warns and stops, uploaded workspace key, Google account, update of an
 * existing plugin) and each failure; the OAuth redirect mode (auto-save, or the 'User credential created.' warning).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  configureConnectionMachine,
  saveBlocker,
  type KeyFile,
  type OpenEvent,
} from '../../src/machines/configure-connection/configure-connection.machine';
import { selectConnectionDialog } from '../../src/machines/configure-connection/configure-connection.selectors';
import type { Credential } from '../../src/contracts/plugin';
import {
  apiError,
  defineModel,
  done,
  failed,
  fixture,
  pathOf,
  pendingForever,
  replay,
  spyActions,
  stateNodeIds,
} from './graph-harness';

const FULL = ['roles/bigquery.dataViewer', 'roles/bigquery.jobUser', 'roles/iam.serviceAccountUser', 'roles/viewer'];
const LIMITED = ['roles/viewer', 'roles/bigquery.dataViewer'];
const app = (roles: string[]) => [
  { tpAppId: '1:1:android:a', packageName: 'dev.x', displayName: 'X', platform: 'ANDROID', appId: 'app-1', roles },
];
const product: Credential = {
  id: 'cred-tp',
  type: 'TP_SERVICE_ACCOUNT',
  authenticatedEntity: { email: 'qb@sandbox.iam' },
  projects: { 'ws-analytics': app(FULL), 'ws-sandbox': app(LIMITED) },
};
const productLimited: Credential = { ...product, projects: { 'ws-sandbox': app(LIMITED) } };
const oauthLimited: Credential = {
  id: 'cred-u',
  type: 'USER_OAUTH',
  authenticatedEntity: { email: 'limited.analyst@ws.dev' },
  projects: { 'ws-analytics': app(LIMITED) },
};
const oauthFull: Credential = {
  id: 'cred-u2',
  type: 'USER_OAUTH',
  authenticatedEntity: { email: 'publisher@ws.dev' },
  projects: { 'ws-analytics': app(['roles/owner']) },
};
const org: Credential = {
  id: 'cred-org',
  type: 'ORG_SERVICE_ACCOUNT',
  authenticatedEntity: { email: 'key@p.iam' },
  projects: { 'ws-analytics': app(FULL) },
};
const orgLimited: Credential = {
  ...org,
  id: 'cred-org2',
  authenticatedEntity: { email: 'limited@p.iam' },
  projects: { 'ws-analytics': app(LIMITED) },
};
const jsonFile: KeyFile = { name: 'key.json', type: 'application/json', text: async () => '{}' };
const csvFile: KeyFile = { name: 'key.csv', type: 'text/csv', text: async () => '' };
const none = { credentialId: null, project: null, projectName: null };

const open = (extra: Partial<OpenEvent> = {}): OpenEvent => ({
  type: 'OPEN',
  appId: 'app-1',
  pluginType: 'BigQuery',
  pluginId: null,
  role: 'admin',
  current: none,
  ...extra,
});
const model = defineModel(configureConnectionMachine, {
  OPEN: [
    open(),
    open({ role: 'editor' }),
    open({ oauthRedirect: true }),
    open({ pluginId: 'plugin-1', current: { credentialId: 'cred-tp', project: 'ws-analytics', projectName: null } }),
  ],
  CLOSE: { type: 'CLOSE' },
  SET_AUTH: [
    { type: 'SET_AUTH', value: 'USER_OAUTH' },
    { type: 'SET_AUTH', value: 'ORG_SERVICE_ACCOUNT' },
    { type: 'SET_AUTH', value: 'TP_SERVICE_ACCOUNT' },
  ],
  SET_CREDENTIAL: { type: 'SET_CREDENTIAL', value: 'cred-u2' },
  SET_PROJECT: [
    { type: 'SET_PROJECT', value: 'ws-sandbox' },
    { type: 'SET_PROJECT', value: 'ws-analytics' },
  ],
  SET_WRITE_BACK: [
    { type: 'SET_WRITE_BACK', value: true },
    { type: 'SET_WRITE_BACK', value: false },
  ],
  SET_PROJECT_NAME: [
    { type: 'SET_PROJECT_NAME', value: 'Results' },
    { type: 'SET_PROJECT_NAME', value: ' ' },
  ],
  PICK_FILE: [
    { type: 'PICK_FILE', file: jsonFile },
    { type: 'PICK_FILE', file: csvFile },
  ],
  UPLOAD: { type: 'UPLOAD' },
  SAVE: { type: 'SAVE' },
  SIGN_IN: { type: 'SIGN_IN' },
  'xstate.done.actor.loadCredentials': [
    done('loadCredentials', {
      success: true,
      credentials: [],
      provider: 'sandbox' as const,
      productServiceAccount: 'qb@sandbox.iam',
    }),
    done('loadCredentials', {
      success: true,
      credentials: [product, oauthFull, oauthLimited],
      provider: 'sandbox' as const,
    }),
  ],
  'xstate.done.actor.addProductCredential': [
    done('addProductCredential', product),
    done('addProductCredential', productLimited),
  ],
  'xstate.done.actor.uploadServiceAccount': [
    done('uploadServiceAccount', org),
    done('uploadServiceAccount', orgLimited),
  ],
  'xstate.done.actor.savePlugin': [done('savePlugin', { success: true }), done('savePlugin', { success: false })],
  'xstate.done.actor.startSignIn': done('startSignIn', { url: '/api/oauth/sandbox/consent?state=x' }),
  'xstate.error.actor.loadCredentials': failed('loadCredentials', apiError(503, 'down')),
  'xstate.error.actor.addProductCredential': failed('addProductCredential', apiError(500, 'boom', 'internal')),
  'xstate.error.actor.uploadServiceAccount': [
    failed('uploadServiceAccount', Object.assign(new Error('The file is not valid JSON.'), { name: 'KeyFileError' })),
    failed(
      'uploadServiceAccount',
      apiError(
        400,
        'The file is not a service account key: its private_key holds no private key.',
        'invalid_service_account',
      ),
    ),
    failed('uploadServiceAccount', apiError(500, 'Something went wrong. Please try again later.', 'internal')),
  ],
  'xstate.error.actor.savePlugin': failed('savePlugin', apiError(409, 'missing', 'missing_permissions')),
  'xstate.error.actor.startSignIn': failed('startSignIn', apiError(503, 'down')),
});
const ev = {
  open: fixture(model, 'OPEN', 0),
  openEditor: fixture(model, 'OPEN', 1),
  openRedirect: fixture(model, 'OPEN', 2),
  openExisting: fixture(model, 'OPEN', 3),
  oauth: fixture(model, 'SET_AUTH', 0),
  orgAuth: fixture(model, 'SET_AUTH', 1),
  sandboxProject: fixture(model, 'SET_PROJECT', 0),
  writeBack: fixture(model, 'SET_WRITE_BACK', 0),
  blankName: fixture(model, 'SET_PROJECT_NAME', 1),
  name: fixture(model, 'SET_PROJECT_NAME', 0),
  json: fixture(model, 'PICK_FILE', 0),
  csv: fixture(model, 'PICK_FILE', 1),
  upload: fixture(model, 'UPLOAD'),
  save: fixture(model, 'SAVE'),
  signIn: fixture(model, 'SIGN_IN'),
  close: fixture(model, 'CLOSE'),
  loadedEmpty: fixture(model, 'xstate.done.actor.loadCredentials', 0),
  loaded: fixture(model, 'xstate.done.actor.loadCredentials', 1),
  productCreated: fixture(model, 'xstate.done.actor.addProductCredential', 0),
  productLimited: fixture(model, 'xstate.done.actor.addProductCredential', 1),
  uploaded: fixture(model, 'xstate.done.actor.uploadServiceAccount', 0),
  uploadedLimited: fixture(model, 'xstate.done.actor.uploadServiceAccount', 1),
  saved: fixture(model, 'xstate.done.actor.savePlugin', 0),
  refused: fixture(model, 'xstate.done.actor.savePlugin', 1),
  signInUrl: fixture(model, 'xstate.done.actor.startSignIn'),
  loadFailed: fixture(model, 'xstate.error.actor.loadCredentials'),
  productFailed: fixture(model, 'xstate.error.actor.addProductCredential'),
  uploadFailed: fixture(model, 'xstate.error.actor.uploadServiceAccount', 0),
  uploadRefused: fixture(model, 'xstate.error.actor.uploadServiceAccount', 1),
  uploadCrashed: fixture(model, 'xstate.error.actor.uploadServiceAccount', 2),
  saveThrown: fixture(model, 'xstate.error.actor.savePlugin'),
  signInFailed: fixture(model, 'xstate.error.actor.startSignIn'),
};
const pending = configureConnectionMachine.provide({
  actors: {
    loadCredentials: pendingForever(),
    addProductCredential: pendingForever(),
    uploadServiceAccount: pendingForever(),
    savePlugin: pendingForever(),
    startSignIn: pendingForever(),
  },
});
const spied = () => spyActions(pending, ['notify', 'saved', 'redirect', 'logError']);
const transient = [
  'configureConnection.open.checkRedirect',
  'configureConnection.open.afterProductCreated',
  'configureConnection.open.afterUpload',
  'configureConnection.open.closing',
];
const notices = async (events: ReturnType<typeof fixture>[]) => {
  const path = pathOf(configureConnectionMachine, events);
  const { machine, spies } = spied();
  (await replay(machine, path)).stop();
  return { path, spies };
};
const WARNING = (prefix: string, message: string) => ({
  message: `${prefix} ${message}`,
  kind: 'warning',
  duration: 'long',
});

describe('configure-connection machine paths', () => {
  it('reaches every state node (through the journeys of every save path; the full traversal is too large)', () => {
    const journeys = [
      [ev.open, ev.loadedEmpty, ev.save, ev.productCreated, ev.saved],
      [ev.open, ev.loaded, ev.orgAuth, ev.json, ev.upload],
      [ev.open, ev.loaded, ev.oauth, ev.signIn, ev.signInUrl],
      [ev.open, ev.loaded, ev.oauth, ev.signIn],
    ];
    const reached = new Set<string>();
    for (const events of journeys)
      for (const step of pathOf(configureConnectionMachine, events).steps)
        for (const node of step.state._nodes) reached.add(node.id);
    expect(
      stateNodeIds(configureConnectionMachine).filter((id) => !reached.has(id) && !transient.includes(id)),
    ).toEqual([]);
  });

  it('product account, not created yet: Save creates it, the project has every role, the plugin is created', async () => {
    const { path, spies } = await notices([ev.open, ev.loadedEmpty, ev.save, ev.productCreated, ev.saved]);
    expect(path.steps[2]!.state.matches({ open: 'editing' })).toBe(true);
    expect(selectConnectionDialog(path.steps[2]!.state as never)).toMatchObject({
      authType: 'TP_SERVICE_ACCOUNT',
      saveBlocker: null,
      credentialEmail: 'qb@sandbox.iam',
    });
    expect(path.steps[4]!.state.matches({ open: 'saving' })).toBe(true);
    expect(path.state.matches('closed')).toBe(true);
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Plugin created. Connection configured.', kind: 'success' }]]);
    expect(spies.saved).toHaveBeenCalledTimes(1);
  });

  it('product account lacking roles: warned with the docs/integrations.md §Messages prefix for 10 s, nothing saved', async () => {
    const { path, spies } = await notices([ev.open, ev.loadedEmpty, ev.save, ev.productLimited]);
    expect(path.state.matches({ open: 'editing' })).toBe(true);
    expect(spies.notify.mock.calls).toEqual([
      [
        WARNING(
          'Questboard service account credential created.',
          'Connection could not be configured due to missing permissions.',
        ),
      ],
    ]);
    const view = selectConnectionDialog(path.state as never);
    expect(view.rows.filter((r) => !r.granted).map((r) => r.label)).toEqual([
      'BigQuery Job User',
      'Service Account User',
    ]);
    expect(view.missingNote).toBe('Some required IAM permissions are missing.');
    expect(view.saveBlocker).not.toBeNull();
  });

  it('save-disabled rules: project name, unchanged, missing roles, not an admin, a file pending upload', () => {
    const name = pathOf(configureConnectionMachine, [ev.openExisting, ev.loaded, ev.writeBack, ev.blankName]).state;
    expect(saveBlocker(name.context)).toBe('The GCP project name is required.');
    const unchanged = pathOf(configureConnectionMachine, [ev.openExisting, ev.loaded]).state;
    expect(saveBlocker(unchanged.context)).toBe('Nothing has changed.');
    const named = pathOf(configureConnectionMachine, [ev.openExisting, ev.loaded, ev.writeBack, ev.name]).state;
    expect(saveBlocker(named.context)).toBeNull();
    const missing = pathOf(configureConnectionMachine, [ev.openExisting, ev.loaded, ev.sandboxProject]).state;
    expect(saveBlocker(missing.context)).toBe('Some required IAM permissions are missing.');
    expect(missing.can(ev.save)).toBe(false);
    const editor = pathOf(configureConnectionMachine, [ev.openEditor, ev.loaded, fixture(model, 'SET_AUTH', 2)]).state;
    expect(saveBlocker(editor.context)).toBe('Only administrators can use a service account.');
    const pendingFile = pathOf(configureConnectionMachine, [ev.open, ev.loaded, ev.orgAuth, ev.json]).state;
    expect(saveBlocker(pendingFile.context)).toBe('Upload the credentials file first.');
    const oauthNone = pathOf(configureConnectionMachine, [ev.open, ev.loadedEmpty, ev.oauth]).state;
    expect(saveBlocker(oauthNone.context)).toBe('Sign in with Google first.');
  });

  it('workspace account: a non-JSON file is logged and cleared; the JSON key is uploaded, then saved', async () => {
    const cleared = pathOf(configureConnectionMachine, [ev.open, ev.loaded, ev.orgAuth, ev.csv]).state;
    expect(cleared.context.file).toBeNull();
    const { path, spies } = await notices([ev.open, ev.loaded, ev.orgAuth, ev.json, ev.upload, ev.uploaded, ev.saved]);
    expect(path.state.matches('closed')).toBe(true);
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Plugin created. Connection configured.', kind: 'success' }]]);
  });

  it('workspace account lacking roles warns with its prefix', () => {
    // Driven on a live actor (the graph replay of this path does not settle in the harness).
    const notify = vi.fn();
    const actor = createActor(
      pending.provide({ actions: { notify: (_: unknown, params: unknown) => notify(params) } }),
    ).start();
    for (const event of [ev.open, ev.loaded, ev.orgAuth, ev.json, ev.upload, ev.uploadedLimited])
      actor.send(event as never);
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(notify.mock.calls).toEqual([
      [
        WARNING(
          'Workspace service account credential created.',
          'Connection could not be configured due to missing permissions.',
        ),
      ],
    ]);
    actor.stop();
  });
  it('a failed upload says the workspace key failed, and why (the file, or the server), never a crash text', async () => {
    const expected = [
      [ev.uploadFailed, 'Failed to add workspace service account. The file is not valid JSON.'],
      [
        ev.uploadRefused,
        'Failed to add workspace service account. The file is not a service account key: its private_key holds no private key.',
      ],
      [ev.uploadCrashed, 'Failed to add workspace service account.'],
    ] as const;
    for (const [failure, message] of expected) {
      const { spies } = await notices([ev.open, ev.loaded, ev.orgAuth, ev.json, ev.upload, failure]);
      expect(spies.notify.mock.calls).toEqual([[{ message, kind: 'error' }]]);
    }
  });

  it('a file that is not JSON is refused saying why (until another file is picked); a .json file without a type is taken', () => {
    const refused = pathOf(configureConnectionMachine, [ev.open, ev.loaded, ev.orgAuth, ev.csv]).state;
    expect(selectConnectionDialog(refused as never)).toMatchObject({
      fileName: null,
      fileError: "key.csv is not a JSON file. Choose the service account's key file (.json).",
    });
    const actor = createActor(pending).start();
    for (const event of [
      ev.open,
      ev.loaded,
      ev.orgAuth,
      ev.csv,
      { type: 'PICK_FILE', file: { name: 'key.JSON', type: '', text: async () => '{}' } },
    ])
      actor.send(event as never);
    expect(selectConnectionDialog(actor.getSnapshot())).toMatchObject({ fileName: 'key.JSON', fileError: null });
    actor.send({ type: 'PICK_FILE', file: { name: 'notes.txt', type: '', text: async () => '' } });
    expect(selectConnectionDialog(actor.getSnapshot())).toMatchObject({
      fileName: null,
      fileError: "notes.txt is not a JSON file. Choose the service account's key file (.json).",
    });
    actor.stop();
  });

  it('a new key of a listed service account replaces it in the list (the server refreshed it in place)', () => {
    const actor = createActor(pending).start();
    for (const event of [
      ev.open,
      done('loadCredentials', { success: true, credentials: [product, org], provider: 'sandbox' as const }),
      ev.orgAuth,
      ev.json,
      ev.upload,
      ev.uploaded,
    ]) {
      actor.send(event as never);
    }
    expect(actor.getSnapshot().context.credentials.map((c) => c.id)).toEqual(['cred-tp', 'cred-org']);
    actor.stop();
  });
  it('a failed product account says so', async () => {
    const { spies } = await notices([ev.open, ev.loadedEmpty, ev.save, ev.productFailed]);
    expect(spies.notify.mock.calls).toEqual([
      [{ message: 'Failed to add Questboard service account.', kind: 'error' }],
    ]);
  });

  it('Google account: sign-in leaves for the consent page; back in redirect mode a new full credential saves by itself', async () => {
    let { path, spies } = await notices([ev.open, ev.loaded, ev.oauth, ev.signIn, ev.signInUrl]);
    expect(path.state.matches({ open: 'leaving' })).toBe(true);
    expect(spies.redirect.mock.calls).toEqual([[{ url: '/api/oauth/sandbox/consent?state=x' }]]);
    // The newest Google credential is limited: the redirect warns instead of saving.
    ({ path, spies } = await notices([ev.openRedirect, ev.loaded]));
    expect(path.state.matches({ open: 'editing' })).toBe(true);
    expect(spies.notify.mock.calls).toEqual([
      [WARNING('User credential created.', 'Connection could not be configured due to missing IAM permissions.')],
    ]);
    // Choosing the full one by hand, Save saves (the Service Account User row is skipped for OAuth).
    const full = pathOf(configureConnectionMachine, [
      ev.openRedirect,
      ev.loaded,
      fixture(model, 'SET_CREDENTIAL'),
    ]).state;
    expect(selectConnectionDialog(full as never).rows.map((r) => r.label)).toEqual([
      'BigQuery Data Viewer',
      'BigQuery Job User',
      'Viewer',
    ]);
    expect(saveBlocker(full.context)).toBeNull();
  });

  it('an existing plugin updates; a refused or thrown save says the update failed and stays open', async () => {
    let { path, spies } = await notices([ev.openExisting, ev.loaded, ev.writeBack, ev.name, ev.save, ev.saved]);
    expect(spies.notify.mock.calls).toEqual([[{ message: 'Plugin updated. Connection configured.', kind: 'success' }]]);
    for (const failure of [ev.refused, ev.saveThrown]) {
      ({ path, spies } = await notices([ev.openExisting, ev.loaded, ev.writeBack, ev.name, ev.save, failure]));
      expect(path.state.matches({ open: 'editing' })).toBe(true);
      expect(spies.notify.mock.calls).toEqual([[{ message: 'Failed to update plugin.', kind: 'error' }]]);
    }
  });

  it('credentials that cannot load close the dialog with a notice; CLOSE leaves from anywhere open', async () => {
    const { path, spies } = await notices([ev.open, ev.loadFailed]);
    expect(path.state.matches('closed')).toBe(true);
    expect(spies.notify).toHaveBeenCalledTimes(1);
    expect(pathOf(configureConnectionMachine, [ev.open, ev.loaded, ev.save, ev.close]).state.matches('closed')).toBe(
      true,
    );
  });
});

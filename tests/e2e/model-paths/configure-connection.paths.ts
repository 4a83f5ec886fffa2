/**
 * The Configure Connection dialog's table (src/machines/configure-connection/configure-connection.machine.ts, opened
 * by the Integrations Overview's Connect to Firebase): each test has an Android app in a throwaway workspace of the
 * demo admin (tests/e2e/model-paths/attribution-apps.ts), so the app has no Firebase plugin and the workspace no
 * credential. A Firebase plugin starts no background job when it is created, so its real creation is cheap.
 *
 * The sandbox Google Cloud (server/providers/google-cloud/sandbox.ts) answers for real: the credentials list, the
 * Questboard service account (every role in `<workspace>-analytics`, some missing in `<workspace>-sandbox`), an uploaded
 * key whose e-mail says "limited" (roles missing), the plugin's creation and the sign-in's consent page. Failures are
 * routed: a 500 for each call, `success: false` for the save. Project names are symbolic (`ws-…`): the acts and checks
 * use the workspace's own.
 */
import { expect } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  configureConnectionMachine,
  saveBlocker,
  type ConfigureConnectionContext,
  type ConfigureConnectionEvent,
  type KeyFile,
} from '../../../src/machines/configure-connection/configure-connection.machine';
import type { Credential } from '../../../src/contracts/plugin';
import { appPath } from '../pages/demo';
import { DEMO_ACCOUNTS } from '../pages/sign-in.page';
import { signInOnce } from '../pages/session';
import { Modal } from '../pages/modal';
import { throwawayApp } from './attribution-apps';
import { TRANSIENT, answers, crashEvent, doneEvent, outcome, type FlowTable, type Ui } from './driver';

interface ConnectionUi extends Ui {
  token: string;
  workspaceId: string;
  appId: string;
  dialog: Modal;
}

const LOAD_FAILED = 'The connection settings could not be loaded.';
const CREATED = 'Plugin created. Connection configured.';
const CREATE_FAILED = 'Failed to create plugin.';
const PRODUCT_FAILED = 'Failed to add Questboard service account.';
const UPLOAD_FAILED = 'Failed to add workspace service account.';
const UPLOADED_MISSING =
  'Workspace service account credential created. Connection could not be configured due to missing permissions.';
const SIGN_IN_FAILED = 'Google sign-in could not be started.';
const IAM_MISSING = 'Some required IAM permissions are missing.';

const FULL = [
  'roles/bigquery.dataViewer',
  'roles/bigquery.jobUser',
  'roles/iam.serviceAccountUser',
  'roles/viewer',
  'roles/firebase.admin',
];
const LIMITED = ['roles/viewer', 'roles/bigquery.dataViewer'];
const apps = (roles: string[]) => [
  {
    tpAppId: '1:1:android:a',
    packageName: 'dev.paths',
    displayName: 'Paths Game',
    platform: 'ANDROID',
    appId: 'app',
    roles,
  },
];
const KEY = {
  type: 'service_account',
  project_id: 'paths-key-project',
  private_key_id: 'paths1',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC-paths-only\n-----END PRIVATE KEY-----\n',
  client_email: 'limited-key@paths-key-project.iam.gserviceaccount.com',
  client_id: '1234567890',
};
/** The credentials the sandbox makes (ids are the server's: the checks never read them). */
const product: Credential = {
  id: 'cred-tp',
  type: 'TP_SERVICE_ACCOUNT',
  authenticatedEntity: { email: 'questboard@sandbox' },
  projects: { 'ws-analytics': apps(FULL), 'ws-sandbox': apps(LIMITED) },
};
const uploaded: Credential = {
  id: 'cred-org',
  type: 'ORG_SERVICE_ACCOUNT',
  authenticatedEntity: { email: KEY.client_email },
  projects: { 'ws-analytics': apps(LIMITED), [KEY.project_id]: apps(LIMITED) },
};
const jsonFile: KeyFile = { name: 'key.json', type: 'application/json', text: async () => JSON.stringify(KEY) };
const csvFile: KeyFile = { name: 'key.csv', type: 'text/csv', text: async () => '' };

const E = {
  open: {
    type: 'OPEN',
    appId: 'app',
    pluginType: 'Firebase',
    pluginId: null,
    role: 'admin',
    current: { credentialId: null, project: null, projectName: null },
  },
  close: { type: 'CLOSE' },
  oauth: { type: 'SET_AUTH', value: 'USER_OAUTH' },
  org: { type: 'SET_AUTH', value: 'ORG_SERVICE_ACCOUNT' },
  tp: { type: 'SET_AUTH', value: 'TP_SERVICE_ACCOUNT' },
  credential: { type: 'SET_CREDENTIAL', value: 'cred-org' },
  sandboxProject: { type: 'SET_PROJECT', value: 'ws-sandbox' },
  analyticsProject: { type: 'SET_PROJECT', value: 'ws-analytics' },
  writeBack: { type: 'SET_WRITE_BACK', value: true },
  noWriteBack: { type: 'SET_WRITE_BACK', value: false },
  projectName: { type: 'SET_PROJECT_NAME', value: 'Paths Results' },
  json: { type: 'PICK_FILE', file: jsonFile },
  csv: { type: 'PICK_FILE', file: csvFile },
  upload: { type: 'UPLOAD' },
  save: { type: 'SAVE' },
  signIn: { type: 'SIGN_IN' },
  loaded: doneEvent('loadCredentials', {
    success: true,
    credentials: [],
    provider: 'sandbox',
    productServiceAccount: 'questboard@sandbox',
  }),
  loadCrashed: crashEvent('loadCredentials'),
  productCreated: doneEvent('addProductCredential', product),
  productCrashed: crashEvent('addProductCredential'),
  uploadedOk: doneEvent('uploadServiceAccount', uploaded),
  uploadCrashed: crashEvent('uploadServiceAccount'),
  saved: doneEvent('savePlugin', { success: true }),
  saveRefused: doneEvent('savePlugin', { success: false }),
  saveCrashed: crashEvent('savePlugin'),
  signInStarted: doneEvent('startSignIn', { url: 'symbolic' }),
  signInCrashed: crashEvent('startSignIn'),
} satisfies Record<string, ConfigureConnectionEvent | EventObject>;

type Ev<K extends ConfigureConnectionEvent['type']> = Extract<ConfigureConnectionEvent, { type: K }>;
const ctx = (state: AnyMachineSnapshot) => state.context as ConfigureConnectionContext;
const isDone = (event: EventObject) => event.type.startsWith('xstate.done.');
const refusedAnswer = (event: EventObject) => (event as { output?: { success?: boolean } }).output?.success === false;
const call = (method: string, url: RegExp, name: string) =>
  outcome<ConnectionUi>(
    { method, url },
    (event) => (isDone(event) ? (refusedAnswer(event) ? answers.refused() : answers.server) : answers.crash),
    (event) => `${name} ${isDone(event) ? (refusedAnswer(event) ? 'success:false' : '✓') : '500'}`,
  );
const loadCall = call('GET', /\/api\/app\/[^/]+\/credentials$/, 'credentials');
const productCall = call('POST', /\/api\/app\/[^/]+\/credentials\/product$/, 'product account');
const uploadCall = call('POST', /\/api\/app\/[^/]+\/credentials\/service-account$/, 'upload');
const saveCall = call('POST', /\/api\/app\/[^/]+\/plugins$/, 'create plugin');
const signInCall = call('POST', /\/api\/app\/[^/]+\/credentials\/oauth$/, 'sign-in start');

/** A symbolic project (ws-…) as the workspace names it. */
const realProject = (ui: ConnectionUi, project: string) => project.replace(/^ws-/, `${ui.workspaceId}-`);
const root = (ui: ConnectionUi) => ui.dialog.root;
const saveButton = (ui: ConnectionUi) => root(ui).getByRole('button', { name: 'Save', exact: true });
const uploadButton = (ui: ConnectionUi) => root(ui).getByRole('button', { name: 'Upload Credentials' });
// The newest showing: the same words may still be on screen from the step before.
const snackbar = (ui: Ui, text: string) =>
  ui.page.locator('[aria-live="polite"]').getByText(text, { exact: true }).last();
const AUTH_LABEL = {
  USER_OAUTH: 'Google account',
  ORG_SERVICE_ACCOUNT: 'Workspace service account',
  TP_SERVICE_ACCOUNT: 'Questboard service account',
} as const;
/** The words a failure or a warning left, by the event that led back to editing. */
const wordsAfter: Record<string, string> = {
  'xstate.error.actor.uploadServiceAccount': UPLOAD_FAILED,
  'xstate.done.actor.uploadServiceAccount': UPLOADED_MISSING,
  'xstate.error.actor.addProductCredential': PRODUCT_FAILED,
  'xstate.error.actor.startSignIn': SIGN_IN_FAILED,
  'xstate.done.actor.savePlugin': CREATE_FAILED,
  'xstate.error.actor.savePlugin': CREATE_FAILED,
};
const input = undefined;
const open = (ui: ConnectionUi) =>
  ui.page.goto(appPath(ui.appId, 'integrations/Overview', ui.workspaceId)).then(() => undefined);

export const configureConnectionTable: FlowTable<ConnectionUi> = {
  flow: 'configure-connection',
  machine: configureConnectionMachine,
  serialize: (state) => JSON.stringify(state.value),
  async setup(page) {
    const token = await signInOnce(page, DEMO_ACCOUNTS.admin);
    const { workspaceId, appId } = await throwawayApp(page.request, token);
    return { page, token, workspaceId, appId, dialog: new Modal(page, 'Configure Connection') };
  },
  traversals: [
    {
      // The list fails to load, then loads; cancelled; the write-back name; a CSV file refused, an upload that
      // crashed, a limited key uploaded (warned); the Google sign-in that could not start; the Questboard account
      // that could not be made, then made and saved at once (refused, crashed); a project lacking roles; saved.
      name: 'every failure, then created',
      kind: 'journey',
      input,
      open,
      events: [
        E.open,
        E.loadCrashed,
        E.open,
        E.loaded,
        E.close,
        E.open,
        E.loaded,
        E.writeBack,
        E.projectName,
        E.noWriteBack,
        E.org,
        E.csv,
        E.json,
        E.upload,
        E.uploadCrashed,
        E.json,
        E.upload,
        E.uploadedOk,
        E.credential,
        E.oauth,
        E.signIn,
        E.signInCrashed,
        E.tp,
        E.save,
        E.productCrashed,
        E.save,
        E.productCreated,
        E.saveRefused,
        E.sandboxProject,
        E.analyticsProject,
        E.save,
        E.saveCrashed,
        E.save,
        E.saved,
      ],
    },
    {
      // The Google sign-in starts: the page leaves for the (sandbox) consent page.
      name: 'sign in with Google',
      kind: 'journey',
      input,
      open,
      events: [E.open, E.loaded, E.oauth, E.signIn, E.signInStarted],
    },
  ],
  events: {
    OPEN: {
      act: (ui) => ui.page.getByRole('button', { name: 'Connect to Firebase' }).click(),
      label: () => 'OPEN (Connect to Firebase)',
    },
    CLOSE: { act: (ui) => root(ui).getByRole('button', { name: 'Cancel' }).click() },
    SET_AUTH: {
      act: (ui, event: Ev<'SET_AUTH'>) => root(ui).getByRole('radio', { name: AUTH_LABEL[event.value] }).check(),
      label: (event: Ev<'SET_AUTH'>) => `SET_AUTH ${AUTH_LABEL[event.value]}`,
    },
    SET_CREDENTIAL: {
      act: (ui) =>
        root(ui)
          .getByRole('combobox', { name: 'Credential' })
          .selectOption({ label: KEY.client_email })
          .then(() => undefined),
      label: () => 'SET_CREDENTIAL the uploaded key',
    },
    SET_PROJECT: {
      act: (ui, event: Ev<'SET_PROJECT'>) =>
        root(ui)
          .getByRole('combobox', { name: 'GCP Project' })
          .selectOption(realProject(ui, event.value))
          .then(() => undefined),
      label: (event: Ev<'SET_PROJECT'>) => `SET_PROJECT ${event.value}`,
    },
    SET_WRITE_BACK: {
      act: (ui, event: Ev<'SET_WRITE_BACK'>) =>
        root(ui).getByRole('checkbox', { name: 'Write results back to my GCP project' }).setChecked(event.value),
      label: (event: Ev<'SET_WRITE_BACK'>) => `SET_WRITE_BACK ${event.value ? 'on' : 'off'}`,
    },
    SET_PROJECT_NAME: {
      act: (ui, event: Ev<'SET_PROJECT_NAME'>) =>
        root(ui).getByLabel('GCP project name', { exact: true }).fill(event.value),
    },
    PICK_FILE: {
      act: async (ui, event: Ev<'PICK_FILE'>) => {
        const file = event.file!;
        await root(ui)
          .getByLabel('Service account key (JSON)')
          .setInputFiles({ name: file.name, mimeType: file.type, buffer: Buffer.from(await file.text()) });
      },
      label: (event: Ev<'PICK_FILE'>) => `PICK_FILE ${event.file?.name ?? ''}`,
    },
    UPLOAD: { act: (ui) => uploadButton(ui).click() },
    SAVE: { act: (ui) => saveButton(ui).click() },
    SIGN_IN: { act: (ui) => root(ui).getByRole('button', { name: 'Sign in with Google' }).click() },
    'xstate.done.actor.loadCredentials': loadCall,
    'xstate.error.actor.loadCredentials': loadCall,
    'xstate.done.actor.addProductCredential': productCall,
    'xstate.error.actor.addProductCredential': productCall,
    'xstate.done.actor.uploadServiceAccount': uploadCall,
    'xstate.error.actor.uploadServiceAccount': uploadCall,
    'xstate.done.actor.savePlugin': saveCall,
    'xstate.error.actor.savePlugin': saveCall,
    'xstate.done.actor.startSignIn': signInCall,
    'xstate.error.actor.startSignIn': signInCall,
  },
  states: {
    'configureConnection.closed': async (ui, _state, via) => {
      if (via.type === 'xstate.error.actor.loadCredentials') await expect(snackbar(ui, LOAD_FAILED)).toBeVisible();
      if (via.type === 'xstate.done.actor.savePlugin') {
        await expect(snackbar(ui, CREATED)).toBeVisible();
        // Created for real: the app's Firebase tab is there now.
        await expect(
          ui.page.getByRole('navigation', { name: 'Integrations' }).getByRole('link', { name: 'Firebase' }),
        ).toBeVisible();
      }
      await expect(root(ui)).toBeHidden();
    },
    'configureConnection.open.loading': async (ui) => {
      await expect(root(ui).getByRole('status', { name: 'Loading credentials' })).toBeVisible();
      await expect(saveButton(ui)).toBeDisabled();
    },
    'configureConnection.open.editing': async (ui, state, via) => {
      const c = ctx(state);
      const words = wordsAfter[via.type];
      if (words) await expect(snackbar(ui, words)).toBeVisible();
      await expect(root(ui).getByText('Sandbox', { exact: true })).toBeVisible();
      await expect(root(ui).getByRole('radio', { name: AUTH_LABEL[c.authType] })).toBeChecked();
      if (c.authType === 'TP_SERVICE_ACCOUNT')
        await expect(root(ui).getByTestId('product-service-account').locator('..')).toContainText(
          c.credentialId ? 'Service account:' : '(created when you save)',
        );
      if (c.authType === 'ORG_SERVICE_ACCOUNT') {
        if (c.fileError) await expect(root(ui).getByRole('alert').filter({ hasText: c.fileError })).toBeVisible();
        if (c.file) await expect(uploadButton(ui)).toBeEnabled();
        else await expect(uploadButton(ui)).toBeDisabled();
      }
      if (c.credentialId && c.authType !== 'TP_SERVICE_ACCOUNT')
        await expect(root(ui).getByRole('combobox', { name: 'Credential' })).toContainText(KEY.client_email);
      if (c.project)
        await expect(root(ui).getByRole('combobox', { name: 'GCP Project' })).toHaveValue(realProject(ui, c.project));
      const writeBack = root(ui).getByRole('checkbox', { name: 'Write results back to my GCP project' });
      if (c.writeBack) {
        await expect(writeBack).toBeChecked();
        await expect(root(ui).getByLabel('GCP project name', { exact: true })).toHaveValue(c.projectName);
      } else await expect(writeBack).not.toBeChecked();
      const blocker = saveBlocker(c);
      if (blocker === IAM_MISSING)
        await expect(root(ui).getByRole('alert').filter({ hasText: IAM_MISSING })).toBeVisible();
      if (blocker) await expect(saveButton(ui)).toBeDisabled();
      else await expect(saveButton(ui)).toBeEnabled();
    },
    'configureConnection.open.uploading': async (ui) => {
      await expect(uploadButton(ui)).toHaveAttribute('aria-busy', 'true');
    },
    'configureConnection.open.creatingProduct': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(root(ui).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
    'configureConnection.open.saving': async (ui) => {
      await expect(saveButton(ui)).toHaveAttribute('aria-busy', 'true');
      await expect(root(ui).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    },
    'configureConnection.open.signingIn': async (ui) => {
      await expect(root(ui).getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
    },
    // The browser left for the consent page (the sandbox's, on this server).
    'configureConnection.open.leaving': async (ui) => {
      await expect(ui.page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible({ timeout: 20_000 });
    },
    'configureConnection.open.checkRedirect': TRANSIENT,
    'configureConnection.open.afterProductCreated': TRANSIENT,
    'configureConnection.open.afterUpload': TRANSIENT,
    'configureConnection.open.closing': TRANSIENT,
  },
  timeout: 150_000,
};

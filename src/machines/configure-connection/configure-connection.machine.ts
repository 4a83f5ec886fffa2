/**
 * The Configure Connection dialog of a BigQuery or Firebase plugin (docs/integrations.md §Screens and routes Integrations page, §Plugin states "Configure
 * Connection" save-disabled rules and save paths, §Rules and limits GCP project name, service-account upload and IAM roles, §Roles admin
 * only service accounts, §API endpoints credentials and create / update plugin, §Messages plugin and IAM messages, 10 s warnings).
 *
 *   closed ─OPEN─► open.loading ─credentials─► open.editing ◄──────────────────────────────────────────┐
 *                                 (failed: closed, notice)   │ SET_AUTH / SET_CREDENTIAL / SET_PROJECT /   │
 *                                                            │ SET_WRITE_BACK / SET_PROJECT_NAME / PICK_FILE│
 *      UPLOAD [admin, file] ─► open.uploading ─┬─ created, roles missing ─► editing ('Workspace service account
 *                                              │                           credential created. …missing permissions.')
 *                                              ├─ created, roles granted ─► open.saving
 *                                              └─ failed ─► editing ('Failed to add workspace service account.' and why)
 *      PICK_FILE not JSON ─► editing (the file cleared, the reason shown under the field)
 *      SAVE [saveable] ─┬─ product account not created yet ─► open.creatingProduct ─┬─ roles missing ─► editing (warning)
 *                       │                                                           ├─ granted ─► open.saving
 *                       │                                                           └─ failed ─► editing ('Failed to add Questboard service account.')
 *                       └─ otherwise ─► open.saving ─┬─ success ─► closed ('Plugin created/updated. Connection configured.')
 *                                                    └─ success:false / thrown ─► editing ('Failed to create/update plugin.')
 *      SIGN_IN (Google account) ─► open.signingIn ─ the consent page's address ─► open.leaving (`redirect`: the page
 *                                  leaves for it and comes back with ?oAuthRedirect) │ failed ─► editing (notice)
 *   OPEN with oAuthRedirect: after the credentials load, the newest Google credential is chosen and, when it is not the
 *   plugin's current one and holds every role, saved at once (docs/integrations.md §Plugin states); with roles missing: 'User credential created.
 *   Connection could not be configured due to missing IAM permissions.'
 * `notify` (warnings 10 s), `saved`, `redirect` and `logError` are provided by configure-connection.actors.ts.
 */
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Role } from '../../contracts/codecs';
import type { Credential } from '../../contracts/plugin';
import {
  IAM_MESSAGES,
  PLUGIN_MESSAGES,
  hasAllRoles,
  iamRows,
  rolesInProject,
  targetProjectNameError,
  type CredentialsResponse,
  type PluginAnswer,
  type SuccessResponse,
} from '../../contracts/integrations';
import type { GoogleCloudPluginType } from '../../contracts/plugin-types';
import { notify } from '../shared/notice';
import { serverWords } from '../shared/api-error';
import { toProvide } from '../shared/to-provide';
import { answerSucceeded } from '../shared/answer-guards';

export type AuthType = Credential['type'];
/** Our words (docs/integrations.md §Messages has none for a sign-in that could not start). */
export const SIGN_IN_FAILED = 'Google sign-in could not be started.';
/** The plugin types that connect through a Google Cloud credential (the registry, src/contracts/plugin-types.ts). */
export type ConnectionPluginType = GoogleCloudPluginType;

/** Why a picked key file was not taken (only JSON keys are read). */
export const notJsonFile = (name: string) =>
  `${name || 'This file'} is not a JSON file. Choose the service account's key file (.json).`;
/** application/json; a `.json` name with no type counts too (some systems give JSON files none). */
export const isJsonKeyFile = (file: Pick<KeyFile, 'name' | 'type'>) =>
  file.type === 'application/json' || (file.type === '' && /\.json$/i.test(file.name));
/** A key file that could not be read as a service account key (thrown by the upload actor before any call). */
export class KeyFileError extends Error {
  override name = 'KeyFileError';
}
/** Why an upload failed, in words, after the failure's prefix: the file's problem, or the server's words. */
export function uploadFailure(error: unknown): string {
  const reason = error instanceof Error && error.name === 'KeyFileError' ? error.message : serverWords(error);
  return reason ? `${IAM_MESSAGES.workspaceFailed} ${reason}` : IAM_MESSAGES.workspaceFailed;
}

/** The picked service-account file (a File in the browser; what the machine reads of it). */
export interface KeyFile {
  name: string;
  type: string;
  text(): Promise<string>;
}

export interface OpenEvent {
  type: 'OPEN';
  appId: string;
  pluginType: ConnectionPluginType;
  pluginId: string | null;
  role: Role;
  current: { credentialId: string | null; project: string | null; projectName: string | null };
  /** Opened by the page after the Google consent redirect (?oAuthRedirect). */
  oauthRedirect?: boolean;
}

export interface ConfigureConnectionContext {
  appId: string;
  pluginType: ConnectionPluginType;
  pluginId: string | null;
  role: Role;
  current: OpenEvent['current'];
  oauthRedirect: boolean;
  credentials: Credential[];
  provider: 'sandbox' | 'google';
  productServiceAccount: string;
  authType: AuthType;
  credentialId: string | null;
  project: string | null;
  writeBack: boolean;
  projectName: string;
  file: KeyFile | null;
  /** Why the last picked file was not taken, until another is picked. */
  fileError: string | null;
}

export type ConfigureConnectionEvent =
  | OpenEvent
  | { type: 'CLOSE' }
  | { type: 'SET_AUTH'; value: AuthType }
  | { type: 'SET_CREDENTIAL'; value: string }
  | { type: 'SET_PROJECT'; value: string }
  | { type: 'SET_WRITE_BACK'; value: boolean }
  | { type: 'SET_PROJECT_NAME'; value: string }
  | { type: 'PICK_FILE'; file: KeyFile | null }
  | { type: 'UPLOAD' }
  | { type: 'SAVE' }
  | { type: 'SIGN_IN' };

export interface SaveRequest {
  appId: string;
  pluginId: string | null;
  pluginType: ConnectionPluginType;
  credentialId: string;
  attributes: { targetProject?: string; targetProjectName?: string };
}
export type SaveAnswer = SuccessResponse | PluginAnswer;

// ------------------------------------------------------------------------------------------------ pure rules

export const credentialsOfType = (context: Pick<ConfigureConnectionContext, 'credentials'>, type: AuthType) =>
  context.credentials.filter((c) => c.type === type);
export const selectedCredential = (context: Pick<ConfigureConnectionContext, 'credentials' | 'credentialId'>) =>
  context.credentials.find((c) => c.id === context.credentialId) ?? null;
export const projectsOf = (credential: Credential | null) => Object.keys(credential?.projects ?? {});

/** The permission table of the chosen credential and project (docs/integrations.md §Rules and limits; Service Account User skipped for OAuth). */
export function permissionRows(
  context: Pick<ConfigureConnectionContext, 'credentials' | 'credentialId' | 'project' | 'pluginType' | 'authType'>,
) {
  const credential = selectedCredential(context);
  if (!credential) return [];
  return iamRows(context.pluginType, rolesInProject(credential, context.project), context.authType);
}
const permissionsMissing = (context: ConfigureConnectionContext) => {
  const rows = permissionRows(context);
  return rows.length > 0 && !hasAllRoles(rows);
};

export const isServiceAccountType = (type: AuthType) => type !== 'USER_OAUTH';
export const projectNameError = (context: Pick<ConfigureConnectionContext, 'writeBack' | 'projectName'>) =>
  targetProjectNameError(context.writeBack, context.projectName);

const unchanged = (context: ConfigureConnectionContext) =>
  context.credentialId === context.current.credentialId &&
  context.project === context.current.project &&
  (context.writeBack ? context.projectName : null) === (context.current.projectName || null);

/**
 * Why Save is disabled (docs/integrations.md §Plugin states), or null: the project name has an error; OAuth: no credential, the current one
 * unchanged, or it lacks IAM permissions; service accounts: not an admin, unchanged, permissions missing, or (workspace
 * account) a file waiting to be uploaded. The product account not created yet is no reason: Save creates it.
 */
export function saveBlocker(context: ConfigureConnectionContext): string | null {
  if (projectNameError(context)) return 'The GCP project name is required.';
  if (context.authType === 'USER_OAUTH') {
    if (!context.credentialId) return 'Sign in with Google first.';
  } else {
    if (context.role !== 'admin') return 'Only administrators can use a service account.';
    if (context.authType === 'ORG_SERVICE_ACCOUNT' && context.file) return 'Upload the credentials file first.';
    if (context.authType === 'ORG_SERVICE_ACCOUNT' && !context.credentialId)
      return 'Upload a service account key first.';
    if (context.authType === 'TP_SERVICE_ACCOUNT' && !context.credentialId) return null;
  }
  if (unchanged(context)) return 'Nothing has changed.';
  if (permissionsMissing(context)) return 'Some required IAM permissions are missing.';
  return null;
}

/** The credential to show for an auth type: the plugin's current one when of that type, else the newest. */
function defaultCredential(context: Pick<ConfigureConnectionContext, 'credentials' | 'current'>, type: AuthType) {
  const ofType = credentialsOfType(context, type);
  return ofType.find((c) => c.id === context.current.credentialId) ?? ofType.at(-1) ?? null;
}
function defaultProject(credential: Credential | null, current: string | null) {
  const projects = projectsOf(credential);
  return current && projects.includes(current) ? current : (projects[0] ?? null);
}
/** A choice of credential, with the project that goes with it. */
const choose = (context: ConfigureConnectionContext, credential: Credential | null) => ({
  credentialId: credential?.id ?? null,
  project: defaultProject(credential, context.current.project),
});

const saveRequest = (context: ConfigureConnectionContext): SaveRequest => ({
  appId: context.appId,
  pluginId: context.pluginId,
  pluginType: context.pluginType,
  credentialId: context.credentialId!,
  attributes: {
    ...(context.project ? { targetProject: context.project } : {}),
    ...(context.writeBack && context.projectName.trim() ? { targetProjectName: context.projectName.trim() } : {}),
  },
});

const warning = (prefix: string, message: string) => ({
  message: `${prefix} ${message}`,
  kind: 'warning' as const,
  duration: 'long' as const,
});
const savedMessage = (context: ConfigureConnectionContext) =>
  context.pluginId ? PLUGIN_MESSAGES.updated : PLUGIN_MESSAGES.created;
const saveFailedMessage = (context: ConfigureConnectionContext) =>
  context.pluginId ? PLUGIN_MESSAGES.updateFailed : PLUGIN_MESSAGES.createFailed;

const EMPTY: Omit<
  ConfigureConnectionContext,
  'appId' | 'pluginType' | 'pluginId' | 'role' | 'current' | 'oauthRedirect'
> = {
  credentials: [],
  provider: 'sandbox',
  productServiceAccount: '',
  authType: 'TP_SERVICE_ACCOUNT',
  credentialId: null,
  project: null,
  writeBack: false,
  projectName: '',
  file: null,
  fileError: null,
};

export const configureConnectionMachine = setup({
  types: {
    context: {} as ConfigureConnectionContext,
    events: {} as ConfigureConnectionEvent,
    children: {} as {
      loadCredentials: 'loadCredentials';
      addProductCredential: 'addProductCredential';
      uploadServiceAccount: 'uploadServiceAccount';
      savePlugin: 'savePlugin';
      startSignIn: 'startSignIn';
    },
  },
  actors: {
    loadCredentials: toProvide<CredentialsResponse, { appId: string }>('loadCredentials'),
    addProductCredential: toProvide<Credential, { appId: string }>('addProductCredential'),
    uploadServiceAccount: toProvide<Credential, { appId: string; file: KeyFile }>('uploadServiceAccount'),
    savePlugin: toProvide<SaveAnswer, SaveRequest>('savePlugin'),
    /** Asks the server for the consent page's address (a signed state carries who asked and where to come back). */
    startSignIn: toProvide<{ url: string }, { appId: string; pluginType: ConnectionPluginType }>('startSignIn'),
  },
  guards: {
    answerSucceeded,
    saveable: ({ context }) => saveBlocker(context) === null,
    needsProductCredential: ({ context }) => context.authType === 'TP_SERVICE_ACCOUNT' && !context.credentialId,
    canUpload: ({ context }) =>
      context.role === 'admin' && context.authType === 'ORG_SERVICE_ACCOUNT' && context.file !== null,
    canSignIn: ({ context }) => context.authType === 'USER_OAUTH',
    jsonFile: ({ event }) => event.type === 'PICK_FILE' && (event.file === null || isJsonKeyFile(event.file)),
    permissionsMissing: ({ context }) => permissionsMissing(context),
    autoSave: ({ context }) =>
      context.oauthRedirect &&
      context.authType === 'USER_OAUTH' &&
      !!context.credentialId &&
      context.credentialId !== context.current.credentialId,
    oauthMissingRoles: ({ context }) =>
      context.oauthRedirect &&
      context.authType === 'USER_OAUTH' &&
      !!context.credentialId &&
      permissionsMissing(context),
  },
  actions: {
    notify,
    /** The plugin and credentials changed on the server: reload them. */
    saved: (_args, _params: { appId: string }) => {},
    /** Leave for the consent page (the page comes back with ?oAuthRedirect). */
    redirect: (_args, _params: { url: string }) => {},
    logError: (_args, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'configureConnection',
  context: {
    ...EMPTY,
    appId: '',
    pluginType: 'BigQuery',
    pluginId: null,
    role: 'viewer',
    current: { credentialId: null, project: null, projectName: null },
    oauthRedirect: false,
  },
  initial: 'closed',
  states: {
    closed: {
      on: {
        OPEN: {
          target: 'open',
          actions: assign(({ event }) => ({
            ...EMPTY,
            appId: event.appId,
            pluginType: event.pluginType,
            pluginId: event.pluginId,
            role: event.role,
            current: event.current,
            oauthRedirect: !!event.oauthRedirect,
            writeBack: !!event.current.projectName,
            projectName: event.current.projectName ?? '',
          })),
        },
      },
    },
    open: {
      on: { CLOSE: '.closing' },
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadCredentials',
            src: 'loadCredentials',
            input: ({ context }) => ({ appId: context.appId }),
            onDone: {
              target: 'checkRedirect',
              actions: assign(({ context, event }) => {
                const next = { ...context, credentials: event.output.credentials };
                const currentType = next.credentials.find((c) => c.id === context.current.credentialId)?.type;
                const authType: AuthType = context.oauthRedirect
                  ? 'USER_OAUTH'
                  : (currentType ?? (context.role === 'admin' ? 'TP_SERVICE_ACCOUNT' : 'USER_OAUTH'));
                return {
                  credentials: event.output.credentials,
                  provider: event.output.provider ?? 'sandbox',
                  productServiceAccount: event.output.productServiceAccount ?? '',
                  authType,
                  ...choose(
                    next,
                    context.oauthRedirect
                      ? (credentialsOfType(next, 'USER_OAUTH').at(-1) ?? null)
                      : defaultCredential(next, authType),
                  ),
                };
              }),
            },
            onError: {
              target: 'closing',
              actions: [
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notify', params: { message: 'The connection settings could not be loaded.', kind: 'error' } },
              ],
            },
          },
        },
        checkRedirect: {
          always: [
            {
              guard: 'oauthMissingRoles',
              target: 'editing',
              actions: { type: 'notify', params: warning(IAM_MESSAGES.userCreated, IAM_MESSAGES.missingIam) },
            },
            { guard: 'autoSave', target: 'saving' },
            { target: 'editing' },
          ],
        },
        editing: {
          on: {
            SET_AUTH: {
              actions: assign(({ context, event }) => ({
                authType: event.value,
                file: null,
                fileError: null,
                ...choose(context, defaultCredential(context, event.value)),
              })),
            },
            SET_CREDENTIAL: {
              actions: assign(({ context, event }) =>
                choose(context, context.credentials.find((c) => c.id === event.value) ?? null),
              ),
            },
            SET_PROJECT: { actions: assign({ project: ({ event }) => event.value }) },
            SET_WRITE_BACK: { actions: assign({ writeBack: ({ event }) => event.value }) },
            SET_PROJECT_NAME: { actions: assign({ projectName: ({ event }) => event.value }) },
            PICK_FILE: [
              { guard: 'jsonFile', actions: assign({ file: ({ event }) => event.file, fileError: null }) },
              // Not application/json → an error is logged and the file cleared; the user is told why.
              {
                actions: [
                  {
                    type: 'logError',
                    params: ({ event }) => ({ error: new Error(`Not a JSON file: ${event.file?.name ?? ''}`) }),
                  },
                  assign({ file: null, fileError: ({ event }) => notJsonFile(event.file?.name ?? '') }),
                ],
              },
            ],
            UPLOAD: { guard: 'canUpload', target: 'uploading' },
            SAVE: [
              { guard: 'needsProductCredential', target: 'creatingProduct' },
              { guard: 'saveable', target: 'saving' },
            ],
            SIGN_IN: { guard: 'canSignIn', target: 'signingIn' },
          },
        },
        creatingProduct: {
          invoke: {
            id: 'addProductCredential',
            src: 'addProductCredential',
            input: ({ context }) => ({ appId: context.appId }),
            onDone: {
              target: 'afterProductCreated',
              actions: assign(({ context, event }) => {
                const credentials = [...context.credentials.filter((c) => c.id !== event.output.id), event.output];
                return { credentials, ...choose({ ...context, credentials }, event.output) };
              }),
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notify', params: { message: IAM_MESSAGES.productFailed, kind: 'error' } },
              ],
            },
          },
        },
        afterProductCreated: {
          always: [
            {
              guard: 'permissionsMissing',
              target: 'editing',
              actions: { type: 'notify', params: warning(IAM_MESSAGES.productCreated, IAM_MESSAGES.missing) },
            },
            { guard: 'saveable', target: 'saving' },
            { target: 'editing' },
          ],
        },
        uploading: {
          invoke: {
            id: 'uploadServiceAccount',
            src: 'uploadServiceAccount',
            input: ({ context }) => ({ appId: context.appId, file: context.file! }),
            onDone: {
              target: 'afterUpload',
              // A new key of a service account already listed replaces it (the server refreshes it in place).
              actions: assign(({ context, event }) => {
                const credentials = [...context.credentials.filter((c) => c.id !== event.output.id), event.output];
                return { credentials, file: null, ...choose({ ...context, credentials }, event.output) };
              }),
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                {
                  type: 'notify',
                  params: ({ event }) => ({ message: uploadFailure(event.error), kind: 'error' as const }),
                },
                assign({ file: null }),
              ],
            },
          },
        },
        afterUpload: {
          always: [
            {
              guard: 'permissionsMissing',
              target: 'editing',
              actions: { type: 'notify', params: warning(IAM_MESSAGES.workspaceCreated, IAM_MESSAGES.missing) },
            },
            { guard: 'saveable', target: 'saving' },
            { target: 'editing' },
          ],
        },
        saving: {
          invoke: {
            id: 'savePlugin',
            src: 'savePlugin',
            input: ({ context }) => saveRequest(context),
            onDone: [
              {
                guard: { type: 'answerSucceeded', params: ({ event }) => event.output },
                target: 'closing',
                actions: [
                  { type: 'notify', params: ({ context }) => ({ message: savedMessage(context), kind: 'success' }) },
                  { type: 'saved', params: ({ context }) => ({ appId: context.appId }) },
                ],
              },
              {
                target: 'editing',
                actions: {
                  type: 'notify',
                  params: ({ context }) => ({ message: saveFailedMessage(context), kind: 'error' }),
                },
              },
            ],
            onError: {
              target: 'editing',
              actions: [
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notify', params: ({ context }) => ({ message: saveFailedMessage(context), kind: 'error' }) },
                { type: 'saved', params: ({ context }) => ({ appId: context.appId }) },
              ],
            },
          },
        },
        signingIn: {
          invoke: {
            id: 'startSignIn',
            src: 'startSignIn',
            input: ({ context }) => ({ appId: context.appId, pluginType: context.pluginType }),
            onDone: {
              target: 'leaving',
              actions: { type: 'redirect', params: ({ event }) => ({ url: event.output.url }) },
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'logError', params: ({ event }) => ({ error: event.error }) },
                { type: 'notify', params: { message: SIGN_IN_FAILED, kind: 'error' } },
              ],
            },
          },
        },
        /** The browser is on its way to the consent page. */
        leaving: {},
        closing: { always: '#configureConnection.closed' },
      },
    },
  },
});

export type ConfigureConnectionActor = ActorRefFrom<typeof configureConnectionMachine>;
export type ConfigureConnectionSnapshot = SnapshotFrom<typeof configureConnectionMachine>;

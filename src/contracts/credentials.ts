/**
 * A workspace's Google Cloud credentials as the Credentials page manages them (docs/integrations.md §Credentials): each
 * with the plugins that use it, when it was last used, who added it and when, and its last check against Google Cloud;
 * renamed, refreshed (checked again) and revoked (refused while a plugin uses it, naming the plugins). Never a secret.
 *
 * Pure: io-ts and the shared codec helpers only.
 */
import * as t from 'io-ts';
import { struct, nullable, line, Id, WorkspaceParams } from './codecs';
import { endpoint } from './endpoint';
import { CredentialType } from './plugin';

/** A credential's own name: 1–60 characters on one line, unique in its workspace (case-insensitively). */
export const CREDENTIAL_NAME_MAX = 60;

/** How each kind of credential reads (the Configure Connection dialog's authentication types). */
export const CREDENTIAL_KIND_LABELS: Record<t.TypeOf<typeof CredentialType>, string> = {
  USER_OAUTH: 'Google account',
  ORG_SERVICE_ACCOUNT: 'Workspace service account',
  TP_SERVICE_ACCOUNT: 'Questboard service account',
};

/** docs/integrations.md §Messages (ours). */
export const CREDENTIAL_MESSAGES = {
  renamed: 'Credential renamed.',
  refreshed: 'Credential checked: it works.',
  refreshFailed: 'The credential was checked and does not work:',
  revoked: 'Credential revoked.',
  nameRequired: 'Enter a name for the credential.',
  nameTooLong: `A credential name has at most ${CREDENTIAL_NAME_MAX} characters.`,
  nameTaken: 'Another credential of this workspace already has this name.',
  loadFailed: 'We could not load the credentials. Please try again.',
  renameFailed: 'We could not rename the credential. Please try again.',
  refreshError: 'We could not check the credential. Please try again.',
  revokeFailed: 'We could not revoke the credential. Please try again.',
  adminsOnly: 'Only admins can rename or revoke credentials.',
} as const;

/** What the server answers when a plugin still uses the credential: the plugins by app and source. */
export const credentialInUse = (uses: readonly string[]) =>
  `This credential is used by ${uses.join(', ')}. Connect ${uses.length === 1 ? 'it' : 'them'} with another credential or delete ${uses.length === 1 ? 'it' : 'them'} first.`;

const PLATFORM_LABELS = { android: 'Android', ios: 'iOS' } as const;
/** How a use reads in the list: "BigQuery plugin of Dragon Merge (Android)". */
export const credentialUseName = (use: CredentialUse) =>
  `${use.pluginType} plugin of ${use.appName} (${PLATFORM_LABELS[use.platform]})`;
/** How a use reads in a sentence (the revoke dialog and refusal): "the BigQuery plugin of Dragon Merge (Android)". */
export const credentialUseLabel = (use: CredentialUse) => `the ${credentialUseName(use)}`;

/** The problem of a name as typed, or null (the server's rule: trimmed, 1–60 characters, one line). */
export function credentialNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return CREDENTIAL_MESSAGES.nameRequired;
  if (trimmed.length > CREDENTIAL_NAME_MAX) return CREDENTIAL_MESSAGES.nameTooLong;
  return null;
}

export const CredentialName = line(CREDENTIAL_NAME_MAX * 4, {
  check: (s) => credentialNameProblem(s)?.replace(/\.$/, '') ?? null,
  expected: 'a credential name',
  name: 'CredentialName',
});

/** A plugin using the credential. */
export const CredentialUse = struct({
  pluginId: t.string,
  pluginType: t.string,
  appId: t.string,
  appName: t.string,
  platform: t.keyof({ android: null, ios: null }),
});
export type CredentialUse = t.TypeOf<typeof CredentialUse>;

/** The last check against Google Cloud (Refresh): when, whether it worked, and what it found in words. */
export const CredentialCheck = struct({ at: t.string, ok: t.boolean, message: t.string });
export type CredentialCheck = t.TypeOf<typeof CredentialCheck>;

export const ManagedCredential = struct({
  id: t.string,
  type: CredentialType,
  /** Its own name, else its account's e-mail. */
  name: t.string,
  /** Its account (a Google account, a service account's client e-mail). */
  email: t.string,
  /** The project a workspace key belongs to. */
  projectId: nullable(t.string),
  usedBy: t.array(CredentialUse),
  lastUsedAt: nullable(t.string),
  addedAt: t.string,
  /** Who added (or last signed in again with) it; null when that person's account is gone, or for the seed. */
  addedBy: nullable(struct({ name: t.string, email: t.string })),
  lastCheck: nullable(CredentialCheck),
});
export type ManagedCredential = t.TypeOf<typeof ManagedCredential>;

export const ManagedCredentialList = struct({ success: t.literal(true), credentials: t.array(ManagedCredential) });
export type ManagedCredentialList = t.TypeOf<typeof ManagedCredentialList>;
export const ManagedCredentialAnswer = struct({ success: t.literal(true), credential: ManagedCredential });
export type ManagedCredentialAnswer = t.TypeOf<typeof ManagedCredentialAnswer>;

export const RenameCredentialRequest = struct({ name: CredentialName });
export type RenameCredentialRequest = t.TypeOf<typeof RenameCredentialRequest>;

export const CredentialParams = struct({ workspaceId: Id, credentialId: Id });

const base = '/api/workspace/:workspaceId/credentials';
export const credentialEndpoints = {
  list: endpoint({ method: 'GET', path: base, params: WorkspaceParams, response: ManagedCredentialList }),
  rename: endpoint({
    method: 'PUT',
    path: `${base}/:credentialId/name`,
    params: CredentialParams,
    body: RenameCredentialRequest,
    response: ManagedCredentialAnswer,
  }),
  refresh: endpoint({
    method: 'POST',
    path: `${base}/:credentialId/refresh`,
    params: CredentialParams,
    response: ManagedCredentialAnswer,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: `${base}/:credentialId`,
    params: CredentialParams,
    response: ManagedCredentialList,
  }),
};

/**
 * The real Google Cloud adapter (kind 'google'), chosen by `GOOGLE_CLOUD=live` (server/config.ts;
 * server/main.ts imports this module only then), on Google's official `google-auth-library` (OAuth2Client for the
 * sign-in, the code exchange, refresh tokens and every REST call; JWT for service-account keys) and
 * `@google-cloud/bigquery` for the Firebase export:
 *
 * - Credentials: the product's own service account (TP_SERVICE_ACCOUNT) signs with the server's key
 *   (GOOGLE_CLOUD_SERVICE_ACCOUNT_KEY / GOOGLE_APPLICATION_CREDENTIALS); a workspace key (ORG_SERVICE_ACCOUNT) and a
 *   Google sign-in (USER_OAUTH, its refresh token) are opened from the credential's sealed secret, on the server only.
 * - `projects`: Cloud Resource Manager v3 `projects:search` (active projects the credential can see), each project's
 *   Firebase apps (Firebase Management v1beta1 `androidApps` / `iosApps`, only the platforms the workspace has; a
 *   project without Firebase or not readable has none) matched to the workspace's apps by package name / bundle id,
 *   and, for projects with a matched app, the roles proven by `projects:testIamPermissions` (google-iam.ts). Answers
 *   are kept for `cacheMs` (60 s) per credential and app list, so the credentials list does not ask Google each time.
 * - `firebaseEvents`: the BigQuery export (google-events.ts).
 * - `deployConversionFunction`: checks that the credential may deploy Cloud Functions in the project, then fails with
 *   what to do by hand. Decided: the forwarding function needs a 1st-gen Cloud Function per event (Google Analytics
 *   triggers exist only there) and a Questboard endpoint receiving the forwarded events, which does not exist yet;
 *   deploying a function that forwards nowhere would look done and not be. See the README's Integrations section.
 * - Google sign-in: google-sign-in.ts (the refresh token it returns is what a USER_OAUTH credential keeps).
 *
 * All HTTP goes through one gaxios transporter; tests give it a `fetch` over recorded responses (tests/fixtures/
 * google-cloud) and a fake BigQuery client, so no test reaches the network.
 */
import type { BigQuery } from '@google-cloud/bigquery';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { GoogleCloudConfig } from '../../config';
import { JWT, gaxios, type AuthClient } from 'google-auth-library';
import { GoogleCloudError, type CredentialSubject, type GoogleCloudProvider, type WorkspaceApp } from './provider';
import type { CredentialProject } from './types';
import { REQUIRED_ROLES } from '../../../src/contracts/integrations';
import { TESTED_PERMISSIONS, ROLE_PERMISSIONS, rolesFromPermissions } from './google-iam';
import { asGoogleError, googleMessage } from './google-errors';
import { CLOUD_PLATFORM_SCOPE, googleSignIn, oauthClient } from './google-sign-in';
import {
  ExportMissingError,
  eventsFromRows,
  eventsQuery,
  exportDataset,
  suffixSince,
  type FirebaseExportClient,
} from './google-events';

const CRM = 'https://cloudresourcemanager.googleapis.com/v3';
const FIREBASE = 'https://firebase.googleapis.com/v1beta1';

export interface ServiceAccountKeyJson {
  client_email: string;
  private_key: string;
  project_id?: string;
}

export interface GoogleCloudSettings {
  /** The OAuth web client (GOOGLE_OAUTH_CLIENT_ID / _SECRET) and where Google sends the browser back. */
  oauth: { clientId: string; clientSecret: string; redirectUri: string };
  /** The product's service account key (its e-mail is what admins grant roles to). */
  productKey: ServiceAccountKeyJson;
  /** HTTP of every Google call but BigQuery's (tests: recorded responses); default the library's own. */
  fetch?: typeof fetch;
  /** A BigQuery client for a project with a credential (default `new BigQuery({projectId, authClient})`). */
  createBigQuery?: (projectId: string, auth: AuthClient) => FirebaseExportClient;
  /** How long a credential's projects are kept (default 60 s; 0: ask Google every time). */
  cacheMs?: number;
  /** Projects looked at per credential (default 50): Firebase apps and roles are asked per project. */
  maxProjects?: number;
  /** Days of the export read for the events list (default 30), and the bytes a query may bill (default 1 GB). */
  eventsDays?: number;
  maximumBytesBilled?: number;
}

interface SearchProjectsResponse {
  projects?: { projectId: string; displayName?: string; state?: string }[];
  nextPageToken?: string;
}
interface AndroidAppsResponse {
  apps?: { appId: string; displayName?: string; packageName: string; state?: string }[];
  nextPageToken?: string;
}
interface IosAppsResponse {
  apps?: { appId: string; displayName?: string; bundleId: string; state?: string }[];
  nextPageToken?: string;
}
interface FirebaseApp {
  appId: string;
  displayName?: string;
  namespace: string;
  platform: 'ANDROID' | 'IOS';
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const MAX_PAGES = 10;

function parseSecret<T>(credential: CredentialSubject, check: (value: Record<string, unknown>) => boolean): T {
  let value: unknown;
  try {
    value = JSON.parse(credential.secret() ?? 'null');
  } catch {
    value = null;
  }
  if (!value || typeof value !== 'object' || !check(value as Record<string, unknown>)) {
    throw new GoogleCloudError(
      `The stored secret of ${credential.email} cannot be used: add the credential again.`,
      'credential',
    );
  }
  return value as T;
}

/** Runs `work` over `items`, at most `limit` at a time, keeping their order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

export function googleCloud(settings: GoogleCloudSettings): GoogleCloudProvider {
  const transporter = settings.fetch ? new gaxios.Gaxios({ fetchImplementation: settings.fetch }) : undefined;
  const cacheMs = settings.cacheMs ?? 60_000;
  const maxProjects = settings.maxProjects ?? 50;
  const createBigQuery = settings.createBigQuery ?? defaultBigQuery;
  const { clientId, clientSecret, redirectUri } = settings.oauth;

  const jwt = (key: ServiceAccountKeyJson) =>
    new JWT({
      email: key.client_email,
      key: key.private_key,
      scopes: [CLOUD_PLATFORM_SCOPE],
      ...(transporter ? { transporter } : {}),
    });
  const product = jwt(settings.productKey);

  /** One auth client per credential secret, so access tokens are reused until they expire (then refreshed). */
  const clients = new Map<string, AuthClient>();
  function authOf(credential: CredentialSubject): AuthClient {
    if (credential.type === 'TP_SERVICE_ACCOUNT') return product;
    const secret = credential.secret() ?? '';
    const id = `${credential.type}:${sha(secret)}`;
    const known = clients.get(id);
    if (known) return known;
    let client: AuthClient;
    if (credential.type === 'ORG_SERVICE_ACCOUNT') {
      client = jwt(
        parseSecret<ServiceAccountKeyJson>(
          credential,
          (v) => typeof v.client_email === 'string' && typeof v.private_key === 'string',
        ),
      );
    } else {
      const { refresh_token } = parseSecret<{ refresh_token: string }>(
        credential,
        (v) => typeof v.refresh_token === 'string' && v.refresh_token !== '',
      );
      const user = oauthClient({ clientId, clientSecret, redirectUri, transporter });
      user.setCredentials({ refresh_token });
      client = user;
    }
    if (clients.size > 500) clients.clear();
    clients.set(id, client);
    return client;
  }

  async function call<T>(
    auth: AuthClient,
    credential: CredentialSubject,
    options: { url: string; method?: 'GET' | 'POST'; data?: unknown; params?: Record<string, string> },
  ): Promise<T> {
    try {
      return (await auth.request<T>({ ...options, method: options.method ?? 'GET', responseType: 'json' })).data;
    } catch (error) {
      throw asGoogleError(error, credential);
    }
  }

  /** A list call whose 403/404 means "nothing here for you" (Firebase not enabled, or no access to its apps). */
  async function listOrNone<T>(
    auth: AuthClient,
    credential: CredentialSubject,
    url: string,
    pageToken?: string,
  ): Promise<T | null> {
    try {
      return (
        await auth.request<T>({
          url,
          method: 'GET',
          params: { pageSize: '100', ...(pageToken ? { pageToken } : {}) },
          responseType: 'json',
        })
      ).data;
    } catch (error) {
      const { status, grant } = googleMessage(error);
      if (!grant && (status === 403 || status === 404)) return null;
      throw asGoogleError(error, credential);
    }
  }

  /** Every page of a Firebase app list (none when the project has no Firebase or its apps are not readable). */
  async function appPages<T extends { apps?: unknown[]; nextPageToken?: string }>(
    auth: AuthClient,
    credential: CredentialSubject,
    url: string,
  ): Promise<NonNullable<T['apps']>> {
    const apps: unknown[] = [];
    let token: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await listOrNone<T>(auth, credential, url, token);
      apps.push(...(answer?.apps ?? []));
      token = answer?.nextPageToken;
      if (!token) break;
    }
    return apps as NonNullable<T['apps']>;
  }

  async function firebaseApps(
    auth: AuthClient,
    credential: CredentialSubject,
    project: string,
    platforms: Set<string>,
  ): Promise<FirebaseApp[]> {
    const base = `${FIREBASE}/projects/${encodeURIComponent(project)}`;
    const android = platforms.has('android')
      ? await appPages<AndroidAppsResponse>(auth, credential, `${base}/androidApps`)
      : [];
    const ios = platforms.has('ios') ? await appPages<IosAppsResponse>(auth, credential, `${base}/iosApps`) : [];
    return [
      ...android
        .filter((app) => app.state !== 'DELETED')
        .map((app) => ({
          appId: app.appId,
          displayName: app.displayName,
          namespace: app.packageName,
          platform: 'ANDROID' as const,
        })),
      ...ios
        .filter((app) => app.state !== 'DELETED')
        .map((app) => ({
          appId: app.appId,
          displayName: app.displayName,
          namespace: app.bundleId,
          platform: 'IOS' as const,
        })),
    ];
  }

  async function permissionsIn(
    auth: AuthClient,
    credential: CredentialSubject,
    project: string,
    permissions: readonly string[],
  ): Promise<string[]> {
    const answer = await call<{ permissions?: string[] }>(auth, credential, {
      url: `${CRM}/projects/${encodeURIComponent(project)}:testIamPermissions`,
      method: 'POST',
      data: { permissions },
    });
    return answer.permissions ?? [];
  }

  async function searchProjects(auth: AuthClient, credential: CredentialSubject): Promise<string[]> {
    const ids: string[] = [];
    let token: string | undefined;
    for (let page = 0; page < MAX_PAGES && ids.length < maxProjects; page += 1) {
      const answer = await call<SearchProjectsResponse>(auth, credential, {
        url: `${CRM}/projects:search`,
        params: { query: 'state:ACTIVE', pageSize: '100', ...(token ? { pageToken: token } : {}) },
      });
      for (const project of answer.projects ?? [])
        if (project.state === undefined || project.state === 'ACTIVE') ids.push(project.projectId);
      token = answer.nextPageToken;
      if (!token) break;
    }
    // A workspace key's own project first (it may not be visible to a search).
    if (credential.type === 'ORG_SERVICE_ACCOUNT' && credential.projectId && !ids.includes(credential.projectId))
      ids.unshift(credential.projectId);
    return ids.slice(0, maxProjects);
  }

  async function projectsOf(
    credential: CredentialSubject,
    apps: readonly WorkspaceApp[],
  ): Promise<Record<string, CredentialProject[]>> {
    const auth = authOf(credential);
    const projects = await searchProjects(auth, credential);
    const platforms = new Set(apps.map((a) => a.platform));
    const answers = await mapLimited(projects, 4, async (project) => {
      const firebase = await firebaseApps(auth, credential, project, platforms);
      const matched = apps.flatMap((app) => {
        const found = firebase.find(
          (f) => f.namespace === app.packageName && f.platform === (app.platform === 'ios' ? 'IOS' : 'ANDROID'),
        );
        return found ? [{ app, found }] : [];
      });
      if (matched.length === 0) return null;
      const roles = rolesFromPermissions(await permissionsIn(auth, credential, project, TESTED_PERMISSIONS));
      return [
        project,
        matched.map(({ app, found }) => ({
          tpAppId: found.appId,
          packageName: app.packageName,
          displayName: found.displayName || app.appName,
          platform: found.platform,
          appId: app.id,
          roles: [...roles],
        })),
      ] as const;
    });
    return Object.fromEntries(answers.filter((a) => a !== null));
  }

  const cache = new Map<string, { at: number; value: Promise<Record<string, CredentialProject[]>> }>();
  function cachedProjects(credential: CredentialSubject, apps: readonly WorkspaceApp[]) {
    if (cacheMs <= 0) return projectsOf(credential, apps);
    const key = sha(
      JSON.stringify([
        credential.type,
        credential.email,
        credential.projectId,
        credential.secret(),
        apps.map((a) => [a.id, a.platform, a.packageName]),
      ]),
    );
    const now = Date.now();
    for (const [k, entry] of cache) if (now - entry.at > cacheMs) cache.delete(k);
    const hit = cache.get(key);
    if (hit) return hit.value;
    const value = projectsOf(credential, apps);
    cache.set(key, { at: now, value });
    value.catch(() => cache.delete(key));
    return value;
  }

  const deployRole = REQUIRED_ROLES.Firebase[0]!;

  return {
    kind: 'google',
    productServiceAccountEmail: () => settings.productKey.client_email,
    projects: (credential, scope) => cachedProjects(credential, scope.apps),

    async firebaseEvents(credential, target) {
      const auth = authOf(credential);
      try {
        const client = createBigQuery(target.project, auth);
        const dataset = await exportDataset(client, target.project);
        const [rows] = await client.query(
          eventsQuery(target.project, dataset, {
            appId: target.app.packageName,
            platform: target.app.platform === 'ios' ? 'IOS' : 'ANDROID',
            since: suffixSince(target.now, settings.eventsDays ?? 30),
            maximumBytesBilled: settings.maximumBytesBilled ?? 1024 ** 3,
          }),
        );
        return eventsFromRows(rows);
      } catch (error) {
        if (error instanceof ExportMissingError) throw new GoogleCloudError(error.message, 'unavailable');
        throw asGoogleError(error, credential);
      }
    },

    async deployConversionFunction(credential, target, step) {
      const auth = authOf(credential);
      await step(`Checking that ${credential.email} may deploy Cloud Functions in ${target.project}.`, 20);
      const needed = ROLE_PERMISSIONS['roles/firebase.developAdmin']!;
      const held = await permissionsIn(auth, credential, target.project, needed);
      if (!needed.every((p) => held.includes(p))) {
        throw new GoogleCloudError(
          `The credential ${credential.email} lacks ${deployRole.label} in the GCP project ${target.project}.`,
          'credential',
        );
      }
      const names = [...target.eventNames].sort().join(', ');
      throw new GoogleCloudError(
        `Questboard cannot deploy the conversion function to ${target.project} by itself yet: deploy it by hand for ${names || 'the enabled events'} ` +
          '(README, Integrations: "The real Google Cloud adapter").',
        'unavailable',
      );
    },

    signIn: googleSignIn({ clientId, clientSecret, redirectUri, transporter }),
  };
}

/** `new BigQuery({projectId, authClient})`, loaded only when an app's events are asked. */
function defaultBigQuery(projectId: string, auth: AuthClient): FirebaseExportClient {
  let client: Promise<BigQuery> | null = null;
  const get = () =>
    (client ??= import('@google-cloud/bigquery').then(({ BigQuery }) => new BigQuery({ projectId, authClient: auth })));
  return {
    getDatasets: async () => (await get()).getDatasets() as unknown as Promise<[{ id?: string }[]]>,
    query: async (options) => (await get()).query(options) as unknown as Promise<[Record<string, unknown>[]]>,
  };
}

/** The adapter from the server's configuration: the product key read and checked once at start. */
export function googleCloudFromConfig(config: GoogleCloudConfig, publicUrl: string): GoogleCloudProvider {
  let key: Partial<ServiceAccountKeyJson> & { type?: string };
  try {
    key = JSON.parse(fs.readFileSync(config.serviceAccountKeyFile, 'utf8')) as typeof key;
  } catch (error) {
    throw new Error(
      `GOOGLE_CLOUD=live: cannot read the service account key ${config.serviceAccountKeyFile}: ${(error as Error).message}`,
    );
  }
  if (key.type !== 'service_account' || typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw new Error(
      `GOOGLE_CLOUD=live: ${config.serviceAccountKeyFile} is not a service account key (type "service_account", client_email, private_key).`,
    );
  }
  return googleCloud({
    oauth: {
      clientId: config.oauthClientId,
      clientSecret: config.oauthClientSecret,
      redirectUri: `${publicUrl.replace(/\/+$/, '')}/api/oauth/callback`,
    },
    productKey: { client_email: key.client_email, private_key: key.private_key, project_id: key.project_id },
  });
}

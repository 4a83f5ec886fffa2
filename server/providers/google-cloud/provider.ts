/**
 * Google Cloud as the integrations area sees it: which GCP projects a credential reaches, the Firebase
 * apps of each project and the IAM roles the credential holds there, and the identity of the product's own service
 * account. Two implementations, chosen by configuration like the analytics engines: the embedded **sandbox**
 * (sandbox.ts, the default: offline and deterministic, labelled "Sandbox" in the UI) and the real adapter (google.ts,
 * `GOOGLE_CLOUD=live`: see the README's Integrations section).
 */
import type { CredentialProject, FirebaseEventInfo } from './types';

export interface CredentialSubject {
  type: 'USER_OAUTH' | 'TP_SERVICE_ACCOUNT' | 'ORG_SERVICE_ACCOUNT';
  email: string;
  /** The project a service-account key belongs to. */
  projectId: string | null;
  /**
   * The credential's secret, opened on the server only when an adapter asks: the service-account key JSON
   * (ORG_SERVICE_ACCOUNT) or `{"refresh_token": …}` (USER_OAUTH); null for the product's own account, whose key is
   * the server's. A function, so no serialisation of a subject can ever carry it.
   */
  secret: () => string | null;
}

/** Google sign-in for a USER_OAUTH credential (the real adapter only; the sandbox has its own consent page). */
export interface GoogleSignIn {
  /** Google's consent page for this sealed state (offline access, consent prompt, the scopes the adapter needs). */
  consentUrl(state: string): string;
  /** The consent page's code exchanged: the signed-in account's e-mail and the refresh token to seal. */
  exchange(code: string): Promise<{ email: string; refreshToken: string }>;
}

/** The workspace's apps, which the sandbox lists as the Firebase apps of its projects. */
export interface WorkspaceApp {
  id: string;
  appName: string;
  platform: 'android' | 'ios';
  packageName: string;
}

export interface GoogleCloudProvider {
  readonly kind: 'sandbox' | 'google';
  /** Present on the real adapter: Google's own sign-in. */
  readonly signIn?: GoogleSignIn;
  /** The e-mail of the product's service account for a workspace (what an admin grants roles to). */
  productServiceAccountEmail(workspaceId: string): string;
  /** Projects the credential reaches → their Firebase apps, each with the roles the credential holds in that project. */
  projects(
    credential: CredentialSubject,
    scope: { workspaceId: string; apps: readonly WorkspaceApp[] },
  ): Promise<Record<string, CredentialProject[]>>;
  /**
   * The Firebase (Google Analytics) events an app logs in a project: name, parameters with their types, and when one
   * was last received (0: declared but never received). Firebase tab, conversion events (server/areas/integrations/firebase/firebase.ts).
   */
  firebaseEvents(credential: CredentialSubject, target: FirebaseTarget): Promise<FirebaseEventInfo[]>;
  /**
   * Deploys (or updates) the function that forwards the app's enabled conversion events to Questboard, reporting each
   * step; resolves with the deployed version, throws (with the reason in words) when it cannot be deployed.
   */
  deployConversionFunction(
    credential: CredentialSubject,
    target: FirebaseTarget & { eventNames: readonly string[] },
    step: (message: string, percent: number) => Promise<void>,
  ): Promise<{ version: string }>;
}

/** One app of a GCP project, as of a moment (the sandbox answers relative to it). */
export interface FirebaseTarget {
  workspaceId: string;
  project: string;
  app: WorkspaceApp;
  now: number;
}

/**
 * What the real adapter throws when Google refuses or fails, in words for the user: `credential` when the credential
 * itself is the problem (sign-in revoked, key deleted, no access), `unavailable` when Google could not answer.
 */
export class GoogleCloudError extends Error {
  constructor(
    message: string,
    readonly reason: 'credential' | 'unavailable',
  ) {
    super(message);
    this.name = 'GoogleCloudError';
  }
}

/**
 * Google Cloud as the integrations area sees it (issue 11): which GCP projects a credential reaches, the Firebase
 * apps of each project and the IAM roles the credential holds there, and the identity of the product's own service
 * account. Two implementations, chosen by configuration like the analytics engines: the embedded **sandbox**
 * (sandbox.ts, the default: offline and deterministic, labelled "Sandbox" in the UI) and the real adapter (not built
 * yet: see the README's Integrations section).
 */
import type { CredentialProject, FirebaseEventInfo } from './types';

export interface CredentialSubject {
  type: 'USER_OAUTH' | 'TP_SERVICE_ACCOUNT' | 'ORG_SERVICE_ACCOUNT';
  email: string;
  /** The project a service-account key belongs to. */
  projectId: string | null;
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
  /** The e-mail of the product's service account for a workspace (what an admin grants roles to). */
  productServiceAccountEmail(workspaceId: string): string;
  /** Projects the credential reaches → their Firebase apps, each with the roles the credential holds in that project. */
  projects(credential: CredentialSubject, scope: { workspaceId: string; apps: readonly WorkspaceApp[] }): Promise<Record<string, CredentialProject[]>>;
  /**
   * The Firebase (Google Analytics) events an app logs in a project: name, parameters with their types, and when one
   * was last received (0: declared but never received). Firebase tab, conversion events (server/domain/firebase.ts).
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

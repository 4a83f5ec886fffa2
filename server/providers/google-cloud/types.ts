/** Shapes shared by the Google Cloud providers (docs/integrations.md §Entities Credential.projects). */
export interface CredentialProject {
  tpAppId: string;
  packageName: string;
  displayName: string;
  platform: string;
  appId: string;
  roles: string[];
}

/** A Firebase event of an app (docs/integrations.md §Entities plugin event): its parameters (name → data type) and last arrival (ms, 0 never). */
export interface FirebaseEventInfo {
  eventName: string;
  params: Record<string, string>;
  lastReceivedAt: number;
}

/** Shapes shared by the Google Cloud providers (SPEC §3 Credential.projects). */
export interface CredentialProject {
  tpAppId: string;
  packageName: string;
  displayName: string;
  platform: string;
  appId: string;
  roles: string[];
}

/** A Firebase event of an app (SPEC §3 plugin event): its parameters (name → data type) and last arrival (ms, 0 never). */
export interface FirebaseEventInfo {
  eventName: string;
  params: Record<string, string>;
  lastReceivedAt: number;
}

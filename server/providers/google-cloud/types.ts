/** Shapes shared by the Google Cloud providers (SPEC §3 Credential.projects). */
export interface CredentialProject {
  tpAppId: string;
  packageName: string;
  displayName: string;
  platform: string;
  appId: string;
  roles: string[];
}

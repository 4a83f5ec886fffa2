/**
 * Which required roles (docs/integrations.md §Rules and limits, REQUIRED_ROLES in src/contracts/integrations.ts) a credential holds in a GCP project,
 * proven by permissions: Cloud Resource Manager `projects.testIamPermissions` answers which of the listed permissions
 * the caller holds in the project, whatever roles (predefined, custom, inherited from a folder or the organization)
 * grant them. A role counts as held when every permission that proves it is held:
 *
 *   roles/bigquery.dataViewer     bigquery.datasets.get, bigquery.tables.list, bigquery.tables.getData
 *   roles/bigquery.jobUser        bigquery.jobs.create
 *   roles/iam.serviceAccountUser  iam.serviceAccounts.actAs
 *   roles/viewer                  resourcemanager.projects.get, resourcemanager.projects.getIamPolicy, iam.serviceAccounts.list
 *   roles/firebase.developAdmin   firebase.projects.get, cloudfunctions.functions.create, cloudfunctions.functions.update
 *
 * (Firebase Admin and Owner grant the Develop Admin permissions too, and Editor/Owner every other set, so a broader
 * role reads as the roles it covers.) The answer is the list of these role names, which REQUIRED_ROLES' `satisfiedBy`
 * accepts, so the permission table and the missing-role messages work as in the sandbox.
 */
export const ROLE_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  'roles/bigquery.dataViewer': ['bigquery.datasets.get', 'bigquery.tables.list', 'bigquery.tables.getData'],
  'roles/bigquery.jobUser': ['bigquery.jobs.create'],
  'roles/iam.serviceAccountUser': ['iam.serviceAccounts.actAs'],
  'roles/viewer': ['resourcemanager.projects.get', 'resourcemanager.projects.getIamPolicy', 'iam.serviceAccounts.list'],
  'roles/firebase.developAdmin': [
    'firebase.projects.get',
    'cloudfunctions.functions.create',
    'cloudfunctions.functions.update',
  ],
};

/** Every permission asked in one testIamPermissions call (well under its limit of 100). */
export const TESTED_PERMISSIONS: readonly string[] = [...new Set(Object.values(ROLE_PERMISSIONS).flat())].sort();

/** The role names whose proving permissions are all among `held`. */
export function rolesFromPermissions(held: readonly string[]): string[] {
  const granted = new Set(held);
  return Object.entries(ROLE_PERMISSIONS)
    .filter(([, permissions]) => permissions.every((p) => granted.has(p)))
    .map(([role]) => role);
}

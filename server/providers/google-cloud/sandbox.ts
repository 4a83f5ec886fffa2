/**
 * The embedded Google Cloud sandbox: deterministic answers from the credential alone, so every path of the Configure
 * Connection dialog can be seen offline.
 *
 * - Every credential reaches the project `<workspace>-analytics`; the product's service account also reaches
 *   `<workspace>-sandbox`, where it lacks BigQuery Job User and Service Account User (the missing-role warning).
 * - A workspace service-account key reaches its own `project_id` (with the same roles as `-analytics`).
 * - Roles: full (BigQuery Data Viewer, Job User, Service Account User, Viewer, Firebase Admin), except for
 *   credentials whose e-mail's local part contains `limited` or `readonly`: Viewer and BigQuery Data Viewer only.
 * - Each project lists the workspace's apps as its Firebase apps, with stable fake Firebase app ids.
 * - Firebase events and the conversion function's deployment: sandbox-firebase.ts.
 */
import { createHash } from 'node:crypto';
import type { CredentialSubject, GoogleCloudProvider, WorkspaceApp } from './provider';
import type { CredentialProject } from './types';
import { sandboxDeployConversionFunction, sandboxFirebaseEvents } from './sandbox-firebase';

const FULL_ROLES = [
  'roles/bigquery.dataViewer',
  'roles/bigquery.jobUser',
  'roles/iam.serviceAccountUser',
  'roles/viewer',
  'roles/firebase.admin',
];
const LIMITED_ROLES = ['roles/viewer', 'roles/bigquery.dataViewer'];

export const isLimitedEmail = (email: string) => /limited|readonly/i.test(email.split('@')[0] ?? '');

function firebaseAppId(project: string, app: WorkspaceApp): string {
  const digest = createHash('sha256').update(`${project}/${app.id}`).digest('hex');
  const number = parseInt(digest.slice(0, 10), 16) % 1_000_000_000_000;
  return `1:${number}:${app.platform}:${digest.slice(10, 32)}`;
}

const projectApps = (project: string, apps: readonly WorkspaceApp[], roles: string[]): CredentialProject[] =>
  apps.map((app) => ({
    tpAppId: firebaseAppId(project, app),
    packageName: app.packageName,
    displayName: app.appName,
    platform: app.platform === 'ios' ? 'IOS' : 'ANDROID',
    appId: app.id,
    roles: [...roles],
  }));

export const sandboxGoogleCloud: GoogleCloudProvider = {
  kind: 'sandbox',
  productServiceAccountEmail: (workspaceId) =>
    `questboard-${workspaceId}@questboard-sandbox.iam.gserviceaccount.com`.slice(0, 254),
  async projects(credential: CredentialSubject, scope) {
    const roles = isLimitedEmail(credential.email) ? LIMITED_ROLES : FULL_ROLES;
    const projects: Record<string, CredentialProject[]> = {
      [`${scope.workspaceId}-analytics`]: projectApps(`${scope.workspaceId}-analytics`, scope.apps, roles),
    };
    if (credential.type === 'TP_SERVICE_ACCOUNT') {
      projects[`${scope.workspaceId}-sandbox`] = projectApps(`${scope.workspaceId}-sandbox`, scope.apps, LIMITED_ROLES);
    }
    if (credential.type === 'ORG_SERVICE_ACCOUNT' && credential.projectId) {
      projects[credential.projectId] = projectApps(credential.projectId, scope.apps, roles);
    }
    return projects;
  },
  firebaseEvents: async (_credential, target) => sandboxFirebaseEvents(target),
  async deployConversionFunction(credential, target, step) {
    const projects = await sandboxGoogleCloud.projects(credential, {
      workspaceId: target.workspaceId,
      apps: [target.app],
    });
    return sandboxDeployConversionFunction(credential, target, projects, step);
  },
};

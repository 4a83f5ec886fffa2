/**
 * Every URL of SPEC §2 as data: its pattern, who may see it (guard), the shell it sits in and its lazily loaded view.
 * Links are built with `href` so no component spells a path by hand. Screens that a later issue builds render
 * the PlannedScreen view that names them until then.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Workspace } from './contracts/workspace';

export type Shell = 'none' | 'workspace' | 'app';
export interface GuardInput {
  workspace: Workspace | null;
}
export interface RouteDef {
  id: string;
  pattern: string;
  title: string;
  /** public: no sign-in; session: signed in, no shell; workspace/app: inside the shell. */
  shell: Shell | 'public' | 'session';
  /** When false the route answers like an unknown page (the navigation hides it too). */
  guard?: (input: GuardInput) => boolean;
  view: LazyExoticComponent<ComponentType<any>>;
}

const isAdmin = ({ workspace }: GuardInput) => workspace?.role === 'admin';
const allowsMonetize = ({ workspace }: GuardInput) => workspace?.allowMonetize === 1;

const planned = lazy(() => import('./views/planned/PlannedScreen'));
const APP = '/workspace/:workspaceId/app/:appId';

export const routes: RouteDef[] = [
  { id: 'continue', pattern: '/continue', title: 'Sign in', shell: 'public', view: lazy(() => import('./views/auth/SignInPage')) },
  { id: 'invite', pattern: '/invite/:token', title: 'Join workspace', shell: 'public', view: lazy(() => import('./views/auth/InvitePage')) },
  { id: 'oauthCallback', pattern: '/oauth-callback', title: 'Signing in', shell: 'public', view: lazy(() => import('./views/analyze/OAuthCallbackPage')) },
  { id: 'home', pattern: '/workspace/home', title: 'Home', shell: 'session', view: lazy(() => import('./views/workspace/HomePage')) },
  { id: 'apps', pattern: '/workspace/:workspaceId/apps', title: 'Apps', shell: 'workspace', view: lazy(() => import('./views/workspace/AppsPage')) },
  { id: 'team', pattern: '/workspace/:workspaceId/team', title: 'Team', shell: 'workspace', view: lazy(() => import('./views/team/TeamPage')) },
  { id: 'billing', pattern: '/workspace/:workspaceId/billing', title: 'Billing', shell: 'workspace', guard: isAdmin, view: planned },
  { id: 'workspaceSettings', pattern: '/workspace/:workspaceId/settings', title: 'Settings', shell: 'workspace', guard: isAdmin, view: planned },
  { id: 'analyzeList', pattern: `${APP}/analyze/list`, title: 'Reports', shell: 'app', view: lazy(() => import('./views/analyze/ListPage')) },
  { id: 'analyzeOverview', pattern: `${APP}/analyze/overview`, title: 'Analyze', shell: 'app', view: lazy(() => import('./views/analyze/OverviewPage')) },
  { id: 'analyzeReport', pattern: `${APP}/analyze/report`, title: 'Report', shell: 'app', view: lazy(() => import('./views/analyze/ReportBuilderPage')) },
  { id: 'analyzeSavedReport', pattern: `${APP}/analyze/report/:reportId`, title: 'Report', shell: 'app', view: lazy(() => import('./views/analyze/ReportBuilderPage')) },
  { id: 'analyzeReportAi', pattern: `${APP}/analyze/reportAi`, title: 'AI Report', shell: 'app', view: planned },
  { id: 'analyzeNew', pattern: `${APP}/analyze/new`, title: 'New Report', shell: 'app', view: lazy(() => import('./views/analyze/ReportBuilderPage')) },
  { id: 'acquireQuests', pattern: `${APP}/acquire/quests`, title: 'Quests', shell: 'app', view: planned },
  { id: 'acquireTarget', pattern: `${APP}/acquire/target`, title: 'Target', shell: 'app', view: planned },
  { id: 'monetizeList', pattern: `${APP}/monetize/list`, title: 'Monetize', shell: 'app', guard: allowsMonetize, view: planned },
  { id: 'monetizeNew', pattern: `${APP}/monetize/new`, title: 'New Campaign', shell: 'app', guard: allowsMonetize, view: planned },
  { id: 'monetizeEdit', pattern: `${APP}/monetize/edit/:monetizeId`, title: 'Edit Campaign', shell: 'app', guard: allowsMonetize, view: planned },
  { id: 'integrations', pattern: `${APP}/integrations/:source`, title: 'Integrations', shell: 'app', view: planned },
  { id: 'appSettings', pattern: `${APP}/settings/:tab`, title: 'App Settings', shell: 'app', view: planned },
  { id: 'productDocs', pattern: '/documentation/:page', title: 'Documentation', shell: 'public', view: planned },
];

export const INTEGRATION_TABS = ['Overview', 'BigQuery', 'Firebase', 'AppsFlyer', 'Adjust', 'Singular'] as const;
export const SETTINGS_TABS = ['general', 'details', 'events', 'catalogue', 'messages', 'apikeys', 'acquisitionLinks'] as const;

const enc = encodeURIComponent;
export const href = {
  signIn: () => '/continue',
  home: () => '/workspace/home',
  apps: (workspaceId: string) => `/workspace/${enc(workspaceId)}/apps`,
  team: (workspaceId: string) => `/workspace/${enc(workspaceId)}/team`,
  billing: (workspaceId: string) => `/workspace/${enc(workspaceId)}/billing`,
  workspaceSettings: (workspaceId: string) => `/workspace/${enc(workspaceId)}/settings`,
  /** A page of an app, `section` being the rest of the path (e.g. 'analyze/overview'). */
  app: (workspaceId: string, appId: string, section: string) => `/workspace/${enc(workspaceId)}/app/${enc(appId)}/${section}`,
  documentation: (page = 'questboard_overview') => `/documentation/${page}`,
  /** Where Google's sign-in pop-up of the spreadsheet export lands (its redirect URI). */
  oauthCallback: () => '/oauth-callback',
};

/** The sections of an app page, for the side navigation. */
export const APP_SECTIONS = [
  { id: 'analyze', label: 'Analyze', section: 'analyze/overview', match: 'analyze' },
  { id: 'acquire', label: 'Acquire', section: 'acquire/target', match: 'acquire' },
  { id: 'monetize', label: 'Monetize', section: 'monetize/list', match: 'monetize', guard: allowsMonetize },
  { id: 'integrations', label: 'Integrations', section: 'integrations/Overview', match: 'integrations' },
  { id: 'settings', label: 'App Settings', section: 'settings/general', match: 'settings' },
] as const;

/** Replace the appId of an app path, keeping the section (the narrow-screen app dropdown of SPEC §2). */
export function switchAppInPath(pathname: string, appId: string): string {
  return pathname.replace(/^(\/workspace\/[^/]+\/app\/)[^/]+/, `$1${enc(appId)}`);
}

export const SUPPORT_EMAIL = 'support@questboard.io';
export const PRIVACY_URL = 'https://questboard.io/privacy';
export const TERMS_URL = 'https://questboard.io/terms';

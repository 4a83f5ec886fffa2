/**
 * Every URL of docs/workspace.md §Screens and routes as data without views: the route patterns, who may see them (guards), the href builders
 * and the product's fixed links. Machines, services and views import this module; only the router imports
 * `routes.ts`, which adds the lazily loaded view of each pattern.
 */
import type { Workspace } from './contracts/workspace';
import { PLUGIN_TYPE_NAMES } from './contracts/plugin-types';

export type Shell = 'none' | 'workspace' | 'app';
export interface GuardInput {
  workspace: Workspace | null;
}

export const isAdmin = ({ workspace }: GuardInput) => workspace?.role === 'admin';
export const allowsMonetize = ({ workspace }: GuardInput) => workspace?.allowMonetize === 1;

const APP = '/workspace/:workspaceId/app/:appId';

/** The pattern of each route id (wouter syntax). */
export const patterns = {
  continue: '/continue',
  invite: '/invite/:token',
  forgotPassword: '/forgot-password',
  signUp: '/sign-up',
  confirmSignUp: '/confirm-sign-up/:token',
  resetPassword: '/reset-password/:token',
  confirmEmail: '/confirm-email/:token',
  googleSignIn: '/google-sign-in',
  account: '/account',
  oauthCallback: '/oauth-callback',
  home: '/workspace/home',
  apps: '/workspace/:workspaceId/apps',
  team: '/workspace/:workspaceId/team',
  activity: '/workspace/:workspaceId/activity',
  notifications: '/workspace/:workspaceId/notifications',
  billing: '/workspace/:workspaceId/billing',
  billingTab: '/workspace/:workspaceId/billing/:tab',
  workspaceSettings: '/workspace/:workspaceId/settings',
  analyzeList: `${APP}/analyze/list`,
  analyzeOverview: `${APP}/analyze/overview`,
  analyzeReport: `${APP}/analyze/report`,
  analyzeSavedReport: `${APP}/analyze/report/:reportId`,
  analyzeReportAi: `${APP}/analyze/reportAi`,
  analyzeNew: `${APP}/analyze/new`,
  analyzeCohorts: `${APP}/analyze/cohorts`,
  analyzeSavedCohort: `${APP}/analyze/cohorts/:cohortId`,
  analyzeFunnels: `${APP}/analyze/funnels`,
  analyzeSavedFunnel: `${APP}/analyze/funnels/:funnelId`,
  analyzeDashboards: `${APP}/analyze/dashboards`,
  analyzeDashboard: `${APP}/analyze/dashboards/:dashboardId`,
  acquireQuests: `${APP}/acquire/quests`,
  acquireTarget: `${APP}/acquire/target`,
  acquireHolds: `${APP}/acquire/holds`,
  monetizeList: `${APP}/monetize/list`,
  monetizeNew: `${APP}/monetize/new`,
  monetizeEdit: `${APP}/monetize/edit/:monetizeId`,
  /** The workspace's credentials (docs/integrations.md §Credentials), beside the integrations tabs (matched first). */
  credentials: `${APP}/integrations/credentials`,
  integrations: `${APP}/integrations/:source`,
  postbackLog: `${APP}/integrations/:source/postbacks`,
  appSettings: `${APP}/settings/:tab`,
  productDocs: '/documentation/:page',
} as const;
export type RouteId = keyof typeof patterns;

/** The billing tabs in the address (docs/workspace.md §Screens and routes: Balance, Payment Methods, Payment History, Credits History). */
export const BILLING_TAB_SLUGS = ['balance', 'payment-methods', 'payment-history', 'credits-history'] as const;
export type BillingTabSlug = (typeof BILLING_TAB_SLUGS)[number];

/** The integrations tabs: the Overview, then one per plugin type (the registry, src/contracts/plugin-types.ts). */
export const INTEGRATION_TABS = ['Overview', ...PLUGIN_TYPE_NAMES] as const;
export const SETTINGS_TABS = [
  'general',
  'details',
  'events',
  'catalogue',
  'messages',
  'apikeys',
  'acquisitionLinks',
] as const;

const enc = encodeURIComponent;
export const href = {
  signIn: () => '/continue',
  forgotPassword: () => '/forgot-password',
  signUp: () => '/sign-up',
  account: () => '/account',
  home: () => '/workspace/home',
  apps: (workspaceId: string) => `/workspace/${enc(workspaceId)}/apps`,
  team: (workspaceId: string) => `/workspace/${enc(workspaceId)}/team`,
  /** The activity log (docs/activity.md), optionally filtered (`{ app, from, to }`: a chart marker's day). */
  activity: (workspaceId: string, filters: Record<string, string> = {}) => {
    const query = new URLSearchParams(filters).toString();
    return `/workspace/${enc(workspaceId)}/activity${query ? `?${query}` : ''}`;
  },
  /** The person's notification settings in the workspace (docs/notifications.md §Preferences). */
  notifications: (workspaceId: string) => `/workspace/${enc(workspaceId)}/notifications`,
  billing: (workspaceId: string) => `/workspace/${enc(workspaceId)}/billing`,
  /** A billing tab (BILLING_TAB_SLUGS); Balance is also the bare billing page. */
  billingTab: (workspaceId: string, tab: BillingTabSlug) => `/workspace/${enc(workspaceId)}/billing/${tab}`,
  workspaceSettings: (workspaceId: string) => `/workspace/${enc(workspaceId)}/settings`,
  /** A page of an app, `section` being the rest of the path (e.g. 'analyze/overview'). */
  app: (workspaceId: string, appId: string, section: string) =>
    `/workspace/${enc(workspaceId)}/app/${enc(appId)}/${section}`,
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

/** Replace the appId of an app path, keeping the section (the narrow-screen app dropdown of docs/workspace.md §Screens and routes). */
export function switchAppInPath(pathname: string, appId: string): string {
  return pathname.replace(/^(\/workspace\/[^/]+\/app\/)[^/]+/, `$1${enc(appId)}`);
}

export const SUPPORT_EMAIL = 'support@questboard.io';
export const PRIVACY_URL = 'https://questboard.io/privacy';
export const TERMS_URL = 'https://questboard.io/terms';

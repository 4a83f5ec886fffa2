/**
 * The router's table: each route id of `paths.ts` with its title, the shell it sits in, its guard and its lazily
 * loaded view. Only the router imports this module (machines and services import `paths.ts`), so no view is
 * reachable from a machine.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { allowsMonetize, isAdmin, patterns, type GuardInput, type RouteId, type Shell } from './paths';

export interface RouteDef {
  id: RouteId;
  pattern: string;
  title: string;
  /** public: no sign-in; session: signed in, no shell; workspace/app: inside the shell. */
  shell: Shell | 'public' | 'session';
  /** When false the route answers like an unknown page (the navigation hides it too). */
  guard?: (input: GuardInput) => boolean;
  view: LazyExoticComponent<ComponentType<any>>;
}

const reportBuilder = lazy(() => import('./views/analyze/ReportBuilderPage'));
const cohorts = lazy(() => import('./views/analyze/CohortsPage'));
const funnels = lazy(() => import('./views/analyze/FunnelsPage'));
const dashboards = lazy(() => import('./views/analyze/dashboards/DashboardsPage'));
const dashboard = lazy(() => import('./views/analyze/dashboards/DashboardPage'));
const billing = lazy(() => import('./views/billing/BillingPage'));
const monetizeForm = lazy(() => import('./views/monetize/MonetizeFormPage'));
const acquire = lazy(() => import('./views/acquire/AcquirePage'));

const route = (
  id: RouteId,
  title: string,
  shell: RouteDef['shell'],
  view: RouteDef['view'],
  guard?: RouteDef['guard'],
): RouteDef => ({
  id,
  pattern: patterns[id],
  title,
  shell,
  view,
  ...(guard ? { guard } : {}),
});

export const routes: RouteDef[] = [
  route(
    'continue',
    'Sign in',
    'public',
    lazy(() => import('./views/auth/SignInPage')),
  ),
  route(
    'invite',
    'Join workspace',
    'public',
    lazy(() => import('./views/auth/InvitePage')),
  ),
  route(
    'forgotPassword',
    'Reset your password',
    'public',
    lazy(() => import('./views/auth/ForgotPasswordPage')),
  ),
  route(
    'signUp',
    'Create your account',
    'public',
    lazy(() => import('./views/auth/SignUpPage')),
  ),
  route(
    'confirmSignUp',
    'Confirm your account',
    'public',
    lazy(() => import('./views/auth/SignUpPage')),
  ),
  route(
    'resetPassword',
    'Choose a new password',
    'public',
    lazy(() => import('./views/auth/ResetPasswordPage')),
  ),
  route(
    'confirmEmail',
    'Confirm your new email',
    'public',
    lazy(() => import('./views/auth/ConfirmEmailPage')),
  ),
  route(
    'googleSignIn',
    'Sign in with Google',
    'public',
    lazy(() => import('./views/auth/GoogleSignInPage')),
  ),
  route(
    'account',
    'Your account',
    'session',
    lazy(() => import('./views/account/AccountPage')),
  ),
  route(
    'oauthCallback',
    'Signing in',
    'public',
    lazy(() => import('./views/analyze/OAuthCallbackPage')),
  ),
  route(
    'home',
    'Home',
    'session',
    lazy(() => import('./views/workspace/HomePage')),
  ),
  route(
    'apps',
    'Apps',
    'workspace',
    lazy(() => import('./views/apps/AppsPage')),
  ),
  route(
    'team',
    'Team',
    'workspace',
    lazy(() => import('./views/team/TeamPage')),
  ),
  route(
    'activity',
    'Activity',
    'workspace',
    lazy(() => import('./views/activity/ActivityPage')),
  ),
  route(
    'notifications',
    'Notifications',
    'workspace',
    lazy(() => import('./views/notifications/NotificationPreferencesPage')),
  ),
  route('billing', 'Billing', 'workspace', billing, isAdmin),
  route('billingTab', 'Billing', 'workspace', billing, isAdmin),
  // Every member may open it; the navigation lists it for admins only, and the server refuses a non-admin's save.
  route(
    'workspaceSettings',
    'Settings',
    'workspace',
    lazy(() => import('./views/workspace/WorkspaceSettingsPage')),
  ),
  route(
    'analyzeList',
    'Reports',
    'app',
    lazy(() => import('./views/analyze/ListPage')),
  ),
  route(
    'analyzeOverview',
    'Analyze',
    'app',
    lazy(() => import('./views/analyze/OverviewPage')),
  ),
  route('analyzeReport', 'Report', 'app', reportBuilder),
  route('analyzeSavedReport', 'Report', 'app', reportBuilder),
  route(
    'analyzeReportAi',
    'Ask in plain words',
    'app',
    lazy(() => import('./views/analyze/ReportAiPage')),
  ),
  route('analyzeNew', 'New Report', 'app', reportBuilder),
  route('analyzeCohorts', 'Retention cohorts', 'app', cohorts),
  route('analyzeSavedCohort', 'Retention cohorts', 'app', cohorts),
  route('analyzeFunnels', 'Funnels', 'app', funnels),
  route('analyzeSavedFunnel', 'Funnels', 'app', funnels),
  route('analyzeDashboards', 'Dashboards', 'app', dashboards),
  route('analyzeDashboard', 'Dashboard', 'app', dashboard),
  route('acquireQuests', 'Quests', 'app', acquire),
  route('acquireTarget', 'Target', 'app', acquire),
  route('acquireHolds', 'Held completions', 'app', acquire),
  route(
    'monetizeList',
    'Monetize',
    'app',
    lazy(() => import('./views/monetize/MonetizeListPage')),
    allowsMonetize,
  ),
  route('monetizeNew', 'New Campaign', 'app', monetizeForm, allowsMonetize),
  route('monetizeEdit', 'Edit Campaign', 'app', monetizeForm, allowsMonetize),
  // Before 'integrations', whose :source would take "credentials" for an unknown tab.
  route(
    'credentials',
    'Credentials',
    'app',
    lazy(() => import('./views/integrations/CredentialsPage')),
  ),
  route(
    'integrations',
    'Integrations',
    'app',
    lazy(() => import('./views/integrations/IntegrationsPage')),
  ),
  route(
    'postbackLog',
    'Postback log',
    'app',
    lazy(() => import('./views/integrations/PostbackLogPage')),
  ),
  route(
    'appSettings',
    'App Settings',
    'app',
    lazy(() => import('./views/settings/AppSettingsPage')),
  ),
  route(
    'productDocs',
    'Documentation',
    'public',
    lazy(() => import('./views/docs/DocumentationPage')),
  ),
];

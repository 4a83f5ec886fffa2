/** Kysely table types of the app database (PGlite by default, PostgreSQL by URL). Every piece of state is a row. */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { PluginType } from '../../src/contracts/plugin';
import type { BillingTables } from '../areas/billing/schema';
import type { DeeplinkTables } from '../areas/apps/deeplinks/schema';
import type { FirebaseTables } from '../areas/integrations/firebase/schema';
import type { AppContentTables } from '../areas/app-settings/app-content.schema';
import type { AcquireTables } from '../areas/acquire/schema';
import type { PostbackTables } from '../areas/postbacks/schema';
import type { MonetizeTables } from '../areas/monetize/schema';
import type { RevenueSettingsTables } from '../areas/integrations/revenue-settings.migrations';
import type { AppVersionTables } from '../areas/integrations/migrations';
import type { EventTables } from '../events/schema';
import type { ActivityTables } from '../areas/activity/schema';
import type { NotificationTables } from '../areas/notifications/schema';
import type { MetricAlertTables } from '../areas/notifications/metric-alerts.schema';
import type { AuthTables } from '../areas/auth/schema';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in unless one is given. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AccountsTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  is_tp_user: boolean;
  created_at: CreatedAt;
}
export interface WorkspacesTable {
  id: string;
  name: string;
  website: string;
  icon_file_id: string | null;
  allow_monetize: number;
  /** Members must have two-factor sign-in to open the workspace (docs/accounts.md §Two-factor sign-in). */
  require_two_factor: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}
export interface MembershipsTable {
  workspace_id: string;
  account_id: string;
  role: 'admin' | 'editor' | 'viewer';
  created_at: CreatedAt;
}
export interface InvitesTable {
  id: string;
  workspace_id: string;
  email: string;
  role: 'admin' | 'editor' | 'viewer';
  token_hash: string;
  invited_by: string | null;
  sent_at: Timestamp;
  state: 'pending' | 'accepted' | 'revoked' | 'superseded';
  accepted_at: Timestamp | null;
  /** The invite that replaced this one when it was resent (state superseded). */
  superseded_by: Generated<string | null>;
}
export interface SessionsTable {
  token_hash: string;
  account_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Added by the auth area (0850): the id the sessions list names it by, its client and its last request. */
  id: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  last_used_at: Timestamp | null;
}
export interface SignInAttemptsTable {
  id: Generated<number>;
  email: string;
  ip: string;
  succeeded: boolean;
  at: CreatedAt;
  /** What was attempted (0850): `password` (sign-in, invite as an existing account) or `link` (a mailed link asked for). */
  kind: Generated<'password' | 'link' | 'code'>;
}
export interface FilesTable {
  id: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: CreatedAt;
}
export interface AppsTable {
  id: string;
  workspace_id: string;
  app_name: string;
  platform: 'android' | 'ios';
  enabled: boolean;
  image_file_id: string | null;
  /** Store listing, keys, deeplinks and settings of docs/architecture.md §Layers that need no query of their own. */
  details: JSONColumnType<Record<string, unknown>>;
  created_at: CreatedAt;
}
export interface PluginsTable {
  id: string;
  app_id: string;
  /** A key of the plugin types registry (src/contracts/plugin-types.ts). */
  type: PluginType;
  status: 'connected' | 'disconnected' | 'waiting_for_events' | 'no_data' | 'pending';
  attributes: JSONColumnType<Record<string, unknown>>;
  refresh_schedule: string | null;
  last_refresh: Timestamp | null;
  data_start: string | null;
  data_end: string | null;
  /** Integrations area (0320): the credential the plugin connects with. */
  credential_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Integrations area (0510): UTC day (YYYY-MM-DD) of the last scheduled daily processing (server/jobs/scheduler.ts). */
  last_scheduled_day: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * Integrations area (0627, 0917): hours without new data after which a connected source is silent; null: the
   * default of its kind (silentHoursOf, src/contracts/notifications.ts).
   */
  silent_hours: ColumnType<number | null, number | null | undefined, number | null>;
  /** Integrations area (0627): the last postback or export data (ISO 8601) whose silence was announced (`plugin.silent`). */
  silence_announced_for: ColumnType<string | null, string | null | undefined, string | null>;
  /** Integrations area (0918): when the current Degraded period began (ISO 8601), null while not degraded. */
  degraded_since: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}
/** Integrations area (server/areas/integrations/migrations.ts). `secret` is AES-GCM ciphertext, never sent out. */
export interface CredentialsTable {
  id: string;
  workspace_id: string;
  type: 'USER_OAUTH' | 'TP_SERVICE_ACCOUNT' | 'ORG_SERVICE_ACCOUNT';
  email: string;
  project_id: string | null;
  secret: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  /** Migration 0916 (docs/integrations.md §Credentials): its own name, last use, last check against Google Cloud. */
  label: Generated<string | null>;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  checked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  check_ok: Generated<boolean | null>;
  check_message: Generated<string | null>;
}
export interface PluginEventsTable {
  id: string;
  plugin_id: string;
  event_name: string;
  event_params: JSONColumnType<Record<string, string>>;
  status: 'ACTIVE' | 'ENABLED' | 'DISABLED';
  last_received_at: ColumnType<number, number | undefined, number>;
  monetize_metadata: JSONColumnType<Record<string, string> | null, string | null, string | null>;
}
export interface PluginFeedTable {
  id: Generated<number>;
  plugin_id: string;
  message: string;
  type: ColumnType<'error' | 'success' | 'default', 'error' | 'success' | 'default' | undefined>;
  created_at: CreatedAt;
}
export interface JobsTable {
  id: string;
  kind: string;
  plugin_id: string | null;
  app_id: string | null;
  payload: JSONColumnType<Record<string, unknown>>;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  progress: ColumnType<number, number | undefined, number>;
  result: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  locked_until: Timestamp | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}
export interface OutboxTable {
  id: Generated<number>;
  to_email: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
}
/** Analytics area (server/areas/analyze/migrations.ts): saved reports, their results, and the result-url signing key. */
export interface ReportTemplatesTable {
  id: string;
  app_id: string;
  title: string;
  model_id: string;
  /** docs/architecture.md §Layers report configuration (src/contracts/analyze.ts ReportConfiguration). */
  configuration: JSONColumnType<Record<string, unknown>>;
  /** 'report' (a report's configuration) or 'cohort' (a cohort question, src/contracts/cohorts.ts). */
  kind: Generated<string>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Date;
}
/** An app's dashboard (server/areas/analyze/dashboards.ts): tiles and filters as src/contracts/dashboards.ts has them. */
export interface DashboardsTable {
  id: string;
  app_id: string;
  name: string;
  /** 'custom' or 'game_health' (one per app). */
  kind: Generated<string>;
  tiles: JSONColumnType<unknown[]>;
  filters: JSONColumnType<Record<string, unknown>>;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Date;
}
export interface ReportResultsTable {
  id: string;
  app_id: string;
  template_id: string | null;
  /** json (not jsonb): keeps the column order of each row. */
  rows: JSONColumnType<Record<string, unknown>[]>;
  resolved: JSONColumnType<Record<string, unknown>>;
  /** The SQL text and bound values the result was computed with (null for results older than the column). */
  compiled: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  row_count: number;
  created_at: Generated<Date>;
}
/** Steps of the first-start demo seed that have completed (server/demo/demo-data.ts), e.g. `demo-events:<appId>`. */
export interface SeedMarkersTable {
  name: string;
  done_at: Generated<Date>;
}
export interface ReportUrlKeysTable {
  id: string;
  secret: string;
  created_at: Generated<Date>;
}

export interface Database
  extends
    EventTables,
    BillingTables,
    DeeplinkTables,
    FirebaseTables,
    AppContentTables,
    PostbackTables,
    MonetizeTables,
    RevenueSettingsTables,
    AppVersionTables,
    AcquireTables,
    ActivityTables,
    NotificationTables,
    MetricAlertTables,
    AuthTables {
  accounts: AccountsTable;
  workspaces: WorkspacesTable;
  memberships: MembershipsTable;
  invites: InvitesTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  files: FilesTable;
  apps: AppsTable;
  plugins: PluginsTable;
  credentials: CredentialsTable;
  plugin_events: PluginEventsTable;
  plugin_feed: PluginFeedTable;
  jobs: JobsTable;
  outbox: OutboxTable;
  report_templates: ReportTemplatesTable;
  report_results: ReportResultsTable;
  dashboards: DashboardsTable;
  report_url_keys: ReportUrlKeysTable;
  seed_markers: SeedMarkersTable;
  app_api_keys: AppApiKeysTable;
  cms_app_details: CmsAppDetailsTable;
  view_versions: ViewVersionsTable;
}

/** Per workspace, a number bumped by triggers whenever its members' view of it changes (server/areas/auth/migrations.ts). */
export interface ViewVersionsTable {
  workspace_id: string;
  version: string | number;
}

/** Store-listing details of an app (server/areas/app-settings/cms/cms.ts): texts, rating, genres and stored image ids. */
export interface CmsAppDetailsTable {
  app_id: string;
  short_description: string;
  full_description: string;
  rating: number | null;
  genres: JSONColumnType<string[]>;
  screenshot_file_ids: JSONColumnType<string[]>;
  background_file_id: string | null;
}

/** API keys of an app (server/areas/apps/api-keys.ts): only a prefix and a SHA-256 hash of the key are kept. */
export interface AppApiKeysTable {
  id: string;
  app_id: string;
  type: 'api' | 's2s';
  prefix: string;
  key_hash: string;
  status: 'active' | 'terminated';
  created_at: ColumnType<Date, Date | string | undefined, never>;
  terminated_at: Date | null;
}

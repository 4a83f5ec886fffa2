/** Server configuration from the environment. Every setting has a safe default for the embedded single-machine setup. */
import path from 'node:path';

export interface ServerConfig {
  /**
   * The demo workspaces and their accounts (publicly known passwords) are seeded and completed at start (DEMO=on,
   * the default unless NODE_ENV=production); DEMO=off seeds nothing.
   */
  demo: boolean;
  /** NODE_ENV=production: the server refuses to start while demo accounts exist (server/startup.ts). */
  production: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Email domains of Questboard staff (docs/accounts.md §Roles): their accounts are hidden from other users' team lists. */
  internalDomains: string[];
  sessionDays: number;
  /** ACTIVITY_DAYS: activity entries older than this many days are pruned by a daily job (docs/activity.md). */
  activityDays: number;
  /** Where built SPA files are served from; absent in API-only tests. */
  staticDir?: string;
  /** Public origin used in links written to emails. */
  publicUrl: string;
  /** Google OAuth client id for the spreadsheet export; absent disables the Google Sheets item. */
  googleClientId?: string;
  /**
   * Failed sign-ins (and invite accepts by an existing account) allowed within the window: `attempts` per account
   * from one client address, `accountAttempts` per account from all addresses together (a distributed guess is
   * slowed too, while one attacker cannot lock a user out), `addressAttempts` per address across all accounts.
   */
  signInLimit: { attempts: number; windowMinutes: number; accountAttempts: number; addressAttempts: number };
  /**
   * Mailed links (password reset, sign-up and e-mail confirmations) asked for within the window: `perAddress` per
   * e-mail address, `perClient` per client address (ACCOUNT_LINKS_PER_ADDRESS, ACCOUNT_LINKS_PER_CLIENT,
   * ACCOUNT_LINKS_WINDOW_MINUTES).
   */
  linkLimit: { perAddress: number; perClient: number; windowMinutes: number };
  /** SIGN_UP=off: invite-only (no self-service sign-up). */
  signUp: boolean;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, or `loopback` / `linklocal` / `uniquelocal`),
   * passed to Fastify's trustProxy. Empty: the client address is the connecting socket's.
   */
  trustProxy: string[];
  /**
   * Where the processed analytics tables live (ANALYTICS_STORE): `duckdb` (default) the embedded DuckDB file of this
   * server (one server only), `postgres` the app database's `analytics` schema, shared by every server on it
   * (docs/engineering/deployment.md §Scale-out). Apps on BigQuery stay there either way.
   */
  analyticsStore: AnalyticsStoreKind;
  /** The embedded DuckDB analytics engine's limits. */
  /** The embedded event store: DuckDB's memory, a report's time limit, the result cache's rows (0 = off). */
  analytics: { memoryLimit: string; queryTimeoutMs: number; cacheRows: number };
  /**
   * BigQuery for apps whose BigQuery plugin asks for it (`BIGQUERY=on`; credentials by Google Application Default
   * Credentials, e.g. GOOGLE_APPLICATION_CREDENTIALS). Absent: every app's reports run on the embedded engine.
   */
  bigquery?: { location?: string; maximumBytesBilled?: number };
  /**
   * The on-demand price of BigQuery analysis per TiB (BIGQUERY_USD_PER_TIB, default Google's published on-demand
   * price): the job history's cost estimates (docs/integrations.md §Job history).
   */
  bigqueryUsdPerTiB: number;
  /**
   * The language model "Ask Analyze in plain words" asks first (ASK_MODEL_URL, ASK_MODEL_KEY, ASK_MODEL_NAME,
   * ASK_MODEL_TIMEOUT_MS): an OpenAI-compatible endpoint. Absent: the offline reader answers alone.
   */
  askModel?: { url: string; key: string; name: string; timeoutMs: number };
  /** Stripe as the payments provider (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET); absent: the embedded sandbox. */
  stripe?: { secretKey: string; webhookSecret: string };
  /**
   * The real Google Cloud adapter for Integrations (GOOGLE_CLOUD=live, server/providers/google-cloud/google.ts): the
   * OAuth web client of "Sign in with Google" (GOOGLE_OAUTH_CLIENT_ID, GOOGLE_OAUTH_CLIENT_SECRET; its redirect URI is
   * PUBLIC_URL/api/oauth/callback) and the product's service-account key file (GOOGLE_CLOUD_SERVICE_ACCOUNT_KEY, else
   * GOOGLE_APPLICATION_CREDENTIALS). Absent (GOOGLE_CLOUD unset or `sandbox`): the embedded sandbox.
   */
  googleCloud?: GoogleCloudConfig;
  /**
   * The real adapter of people's "Sign in with Google" (GOOGLE_SIGN_IN=live, server/providers/google-cloud/
   * people-sign-in.ts): an OAuth web client (GOOGLE_SIGN_IN_CLIENT_ID, GOOGLE_SIGN_IN_CLIENT_SECRET, else the
   * integrations' GOOGLE_OAUTH_CLIENT_ID / _SECRET) whose redirect URI is PUBLIC_URL/api/auth/google/callback.
   * Absent (GOOGLE_SIGN_IN unset or `sandbox`): the embedded sandbox.
   */
  googleSignIn?: GoogleSignInConfig;
  /** Server key for credentials' secrets (CREDENTIALS_KEY, 32 bytes base64); unset: DATA_DIR/credentials.key. */
  credentialsKey?: string;
  /** Webhooks may reach loopback addresses, over http too (ALLOW_HTTP_WEBHOOKS=1): tests only. */
  allowHttpWebhooks: boolean;
  /**
   * How long a claimed e-mail stays claimed before another worker may send it again (EMAIL_CLAIM_LEASE_MS, default a
   * minute): longer than a send takes through the SMTP adapter's timeouts (docs/notifications.md §E-mail).
   */
  emailClaimLeaseMs: number;
  /** Size of the synthetic Firebase export a newly connected app gets in the Google Cloud sandbox. */
  sandboxExport: { events: number; days: number };
  /** Attribution postbacks accepted per app (POSTBACK_RATE_PER_SECOND, POSTBACK_BURST): a token bucket per server. */
  postbackRate: { perSecond: number; burst: number };
  /**
   * Who issues the invoices, printed on every invoice PDF: INVOICE_SELLER_NAME, INVOICE_SELLER_ADDRESS (lines
   * separated by `|`) and INVOICE_SELLER_EMAIL. Unset: Questboard's own details.
   */
  invoiceSeller: { name: string; lines: string[]; email: string };
}

export interface GoogleCloudConfig {
  oauthClientId: string;
  oauthClientSecret: string;
  serviceAccountKeyFile: string;
}

/** GOOGLE_CLOUD=live needs all three settings; anything but live / sandbox / unset is refused at start. */
/** Google's published on-demand price of BigQuery analysis, USD per TiB scanned (the first 1 TiB a month is free). */
export const BIGQUERY_ON_DEMAND_USD_PER_TIB = 6.25;

function usdPerTiBFromEnv(env: NodeJS.ProcessEnv): number {
  const text = env.BIGQUERY_USD_PER_TIB?.trim();
  if (!text) return BIGQUERY_ON_DEMAND_USD_PER_TIB;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > 1000)
    throw new Error(`BIGQUERY_USD_PER_TIB must be a price in USD per TiB from 0 to 1000 (got "${text}").`);
  return value;
}

export function googleCloudFromEnv(env: NodeJS.ProcessEnv): GoogleCloudConfig | undefined {
  const mode = (env.GOOGLE_CLOUD ?? '').trim().toLowerCase();
  if (mode === '' || mode === 'sandbox') return undefined;
  if (mode !== 'live') throw new Error(`GOOGLE_CLOUD must be "live" or "sandbox" (got "${env.GOOGLE_CLOUD}").`);
  const settings = {
    oauthClientId: env.GOOGLE_OAUTH_CLIENT_ID?.trim() ?? '',
    oauthClientSecret: env.GOOGLE_OAUTH_CLIENT_SECRET?.trim() ?? '',
    serviceAccountKeyFile: (env.GOOGLE_CLOUD_SERVICE_ACCOUNT_KEY || env.GOOGLE_APPLICATION_CREDENTIALS || '').trim(),
  };
  const missing = [
    ...(settings.oauthClientId ? [] : ['GOOGLE_OAUTH_CLIENT_ID']),
    ...(settings.oauthClientSecret ? [] : ['GOOGLE_OAUTH_CLIENT_SECRET']),
    ...(settings.serviceAccountKeyFile ? [] : ['GOOGLE_CLOUD_SERVICE_ACCOUNT_KEY (or GOOGLE_APPLICATION_CREDENTIALS)']),
  ];
  if (missing.length) throw new Error(`GOOGLE_CLOUD=live needs ${missing.join(', ')}.`);
  if (!settings.oauthClientId.endsWith('.apps.googleusercontent.com')) {
    throw new Error('GOOGLE_OAUTH_CLIENT_ID must be an OAuth client id (…apps.googleusercontent.com).');
  }
  return { ...settings, serviceAccountKeyFile: path.resolve(settings.serviceAccountKeyFile) };
}

export interface GoogleSignInConfig {
  clientId: string;
  clientSecret: string;
}

/** GOOGLE_SIGN_IN=live needs a client id and secret (its own, else the integrations'); anything else is refused. */
export function googleSignInFromEnv(env: NodeJS.ProcessEnv): GoogleSignInConfig | undefined {
  const mode = (env.GOOGLE_SIGN_IN ?? '').trim().toLowerCase();
  if (mode === '' || mode === 'sandbox') return undefined;
  if (mode !== 'live') throw new Error(`GOOGLE_SIGN_IN must be "live" or "sandbox" (got "${env.GOOGLE_SIGN_IN}").`);
  const clientId = (env.GOOGLE_SIGN_IN_CLIENT_ID || env.GOOGLE_OAUTH_CLIENT_ID || '').trim();
  const clientSecret = (env.GOOGLE_SIGN_IN_CLIENT_SECRET || env.GOOGLE_OAUTH_CLIENT_SECRET || '').trim();
  if (!clientId || !clientSecret)
    throw new Error('GOOGLE_SIGN_IN=live needs GOOGLE_SIGN_IN_CLIENT_ID and GOOGLE_SIGN_IN_CLIENT_SECRET.');
  if (!clientId.endsWith('.apps.googleusercontent.com'))
    throw new Error('GOOGLE_SIGN_IN_CLIENT_ID must be an OAuth client id (…apps.googleusercontent.com).');
  return { clientId, clientSecret };
}

export type AnalyticsStoreKind = 'duckdb' | 'postgres';

/** ANALYTICS_STORE=duckdb|postgres; unset: duckdb. Anything else is refused. */
export function analyticsStoreFromEnv(env: NodeJS.ProcessEnv): AnalyticsStoreKind {
  const value = (env.ANALYTICS_STORE ?? '').trim().toLowerCase();
  if (value === '' || value === 'duckdb') return 'duckdb';
  if (value === 'postgres' || value === 'postgresql') return 'postgres';
  throw new Error(`ANALYTICS_STORE must be "duckdb" or "postgres" (got "${env.ANALYTICS_STORE}").`);
}

/** DEMO=on|off (also true/false, 1/0, yes/no); unset: on, except with NODE_ENV=production. Anything else is refused. */
export function demoFromEnv(env: NodeJS.ProcessEnv): boolean {
  const value = (env.DEMO ?? '').trim().toLowerCase();
  if (value === '') return env.NODE_ENV !== 'production';
  if (['on', 'true', '1', 'yes'].includes(value)) return true;
  if (['off', 'false', '0', 'no'].includes(value)) return false;
  throw new Error(`DEMO must be "on" or "off" (got "${env.DEMO}").`);
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const host = env.HOST ?? '127.0.0.1';
  return {
    demo: demoFromEnv(env),
    production: env.NODE_ENV === 'production',
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    internalDomains: (env.INTERNAL_EMAIL_DOMAINS ?? 'questboard.io,questboard.dev')
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    sessionDays: Number(env.SESSION_DAYS ?? 14),
    activityDays: Number(env.ACTIVITY_DAYS ?? 400),
    staticDir: path.resolve(env.STATIC_DIR ?? './dist'),
    publicUrl: env.PUBLIC_URL ?? `http://${host}:${port}`,
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    signInLimit: signInLimit(env),
    linkLimit: {
      perAddress: Number(env.ACCOUNT_LINKS_PER_ADDRESS ?? 5),
      perClient: Number(env.ACCOUNT_LINKS_PER_CLIENT ?? 20),
      windowMinutes: Number(env.ACCOUNT_LINKS_WINDOW_MINUTES ?? 60),
    },
    signUp: !['off', 'false', '0', 'no'].includes((env.SIGN_UP ?? 'on').trim().toLowerCase()),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    analyticsStore: analyticsStoreFromEnv(env),
    analytics: {
      memoryLimit: env.ANALYTICS_MEMORY_LIMIT ?? '512MB',
      queryTimeoutMs: Number(env.ANALYTICS_QUERY_TIMEOUT_MS ?? 10_000),
      cacheRows: Math.max(0, Number(env.ANALYTICS_CACHE_ROWS ?? 400_000) || 0),
    },
    bigquery: /^(on|1|true)$/i.test(env.BIGQUERY ?? '')
      ? {
          location: env.BIGQUERY_LOCATION || undefined,
          maximumBytesBilled: env.BIGQUERY_MAXIMUM_BYTES_BILLED ? Number(env.BIGQUERY_MAXIMUM_BYTES_BILLED) : undefined,
        }
      : undefined,
    bigqueryUsdPerTiB: usdPerTiBFromEnv(env),
    askModel: env.ASK_MODEL_URL
      ? {
          url: env.ASK_MODEL_URL,
          key: env.ASK_MODEL_KEY ?? '',
          name: env.ASK_MODEL_NAME || 'gpt-4o-mini',
          timeoutMs: Number(env.ASK_MODEL_TIMEOUT_MS ?? 8_000),
        }
      : undefined,
    stripe: env.STRIPE_SECRET_KEY
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '' }
      : undefined,
    credentialsKey: env.CREDENTIALS_KEY || undefined,
    allowHttpWebhooks: env.ALLOW_HTTP_WEBHOOKS === '1',
    emailClaimLeaseMs: Math.max(1_000, Number(env.EMAIL_CLAIM_LEASE_MS) || 60_000),
    googleCloud: googleCloudFromEnv(env),
    googleSignIn: googleSignInFromEnv(env),
    sandboxExport: {
      events: Number(env.SANDBOX_EXPORT_EVENTS ?? 150_000),
      days: Number(env.SANDBOX_EXPORT_DAYS ?? 90),
    },
    postbackRate: {
      perSecond: Number(env.POSTBACK_RATE_PER_SECOND ?? 1_000),
      burst: Number(env.POSTBACK_BURST ?? 2_000),
    },
    invoiceSeller: {
      name: env.INVOICE_SELLER_NAME?.trim() || 'Questboard Ltd',
      lines: (env.INVOICE_SELLER_ADDRESS ?? '1 Quest Lane|London EC2A 4NE|United Kingdom')
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
      email: env.INVOICE_SELLER_EMAIL?.trim() || 'support@questboard.io',
    },
  };
}

function signInLimit(env: NodeJS.ProcessEnv): ServerConfig['signInLimit'] {
  const attempts = Number(env.SIGN_IN_ATTEMPTS ?? 5);
  return {
    attempts,
    windowMinutes: Number(env.SIGN_IN_WINDOW_MINUTES ?? 15),
    accountAttempts: Number(env.SIGN_IN_ACCOUNT_ATTEMPTS ?? attempts * 10),
    addressAttempts: Number(env.SIGN_IN_ADDRESS_ATTEMPTS ?? attempts * 10),
  };
}

export const testConfig = (overrides: Partial<ServerConfig> = {}): ServerConfig => ({
  ...configFromEnv({}),
  staticDir: undefined,
  publicUrl: 'http://127.0.0.1:8080',
  // Tests only: a fixed key so they never write DATA_DIR/credentials.key (the server itself has no default key).
  credentialsKey: Buffer.alloc(32, 7).toString('base64'),
  ...overrides,
});

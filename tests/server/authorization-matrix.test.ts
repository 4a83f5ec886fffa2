/**
 * THE authorization matrix (docs/architecture.md §House rules 4): every registered route × {admin, editor, viewer, member of another
 * workspace, anonymous} with the HTTP status the server must answer. The suite fails when a route registered with
 * defineRoute (app.questboard.routeTable) has no row here, and when a row names a route that no longer exists.
 *
 * Who calls (seeded demo data, server/demo/seed.ts):
 *   admin / editor / viewer   admin@, editor@, viewer@demostudio.dev: members of "Demo Studio" with that role
 *   otherWorkspaceMember      rival@rivalgames.dev: only a member of "Rival Games"; aims at Demo Studio's resources,
 *                             so it must get 404 there (another workspace's resources do not exist for it)
 *   anonymous                 no Authorization header
 *
 * Order of checks in server/http/define-route.ts, which the convention below relies on:
 *   1. session → 401 when the route is not public and there is no valid token
 *   2. path params, then query decode → 400        (so NEVER use bad params/query to provoke a 400: it comes
 *                                                     before the membership check and would hide a 403/404)
 *   3. workspace/app membership → 404 not a member, 403 role too low (code access_missing_role_for_action)
 *   4. body decode → 400 naming the field            (multipart routes: defineRoute reads the declared parts and
 *                                                     answers 400 to a non-multipart request, also after step 3)
 *   5. the handler → 2xx or a domain error
 *
 * CONVENTION so the rows cannot disturb each other (they all share one seeded database, and run in table order):
 *   - Reads: call them for real and expect 200.
 *   - Writes, and above all destructive ones: send BAD_BODY (a JSON string where an object is expected). A caller
 *     who is allowed then gets 400 from step 4, which proves they passed steps 1–3 without changing anything; a caller
 *     who is not allowed gets 401/404/403 as usual. So an allowed role reads "400" in the table.
 *   - A destructive route without a body (e.g. DELETE /x/:id): give the row a `params` function that creates a
 *     throwaway resource per call (it gets the db, the app and who is calling) and expect the real 2xx
 *     (see throwawayReportParams).
 *   - A route that ends the caller's session (sign-out): set `freshSessions: true`; that row signs in anew.
 *   - Path params: :workspaceId and :appId default to Demo Studio and its Dragon Merge (Android) app (DEFAULT_PARAMS);
 *     anything else comes from the row's `params`.
 *
 * Adding a route: add one row to MATRIX in the same area block. When you forget, the coverage test prints a ready
 * row with the statuses its declared access implies; check them, paste it, and adjust the body/params.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import type { Access, RouteEntry } from '../../server/http/access';
import { hashToken, newId, newToken } from '../../server/auth/crypto';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP, ACQUIRE_DEMO_QUESTS } from '../../server/areas/acquire/seed';
import { openAnalytics, type AnalyticsEngine } from '../../server/analytics/index';
import { createTestServer, signInAs, type TestApp, type TestServer } from './helpers';
import { postbackUrl } from '../../server/areas/postbacks/postbacks';
import { startOAuth } from '../../server/areas/integrations/oauth';
import { startGoogleSignIn } from '../../server/areas/auth/google-sign-in';
import { createTestLink } from '../../server/areas/integrations/appsflyer/test-links';

// ------------------------------------------------------------------------------------------------ the table's types

const WHO = ['admin', 'editor', 'viewer', 'otherWorkspaceMember', 'anonymous'] as const;
type Who = (typeof WHO)[number];
/** Expected statuses, in the order of WHO. */
type Statuses = readonly [
  admin: number,
  editor: number,
  viewer: number,
  otherWorkspaceMember: number,
  anonymous: number,
];

interface CallContext {
  db: Kysely<Database>;
  app: TestApp;
  who: Who;
}
type Maybe<T> = T | ((ctx: CallContext) => T | Promise<T>);

interface MatrixRow {
  /** `METHOD /url/pattern`, exactly as declared with defineRoute. */
  route: string;
  expect: Statuses;
  /** Path params beyond DEFAULT_PARAMS (or overriding them). */
  params?: Maybe<Record<string, string>>;
  query?: Maybe<Record<string, string>>;
  /** Request headers beyond the caller's token (a cookie). */
  headers?: Maybe<Record<string, string>>;
  /** JSON body; BAD_BODY for writes (see the convention above). */
  body?: Maybe<unknown>;
  /** Sign every caller in anew for this row (routes that revoke the session). */
  freshSessions?: boolean;
}

/** A JSON string where every route expects an object (or a multipart form): fails body decoding after authorization. */
const BAD_BODY = 'authorization-matrix: deliberately not the expected body';

const DEFAULT_PARAMS: Record<string, string> = {
  workspaceId: DEMO_WORKSPACE_ID,
  appId: DEMO_APP_IDS.dragonMergeAndroid,
};

const ACCOUNT: Record<Exclude<Who, 'anonymous'>, string> = {
  admin: DEMO_ACCOUNTS.admin,
  editor: DEMO_ACCOUNTS.editor,
  viewer: DEMO_ACCOUNTS.viewer,
  otherWorkspaceMember: DEMO_ACCOUNTS.rival,
};

// ------------------------------------------------------------------------------------------------ helpers for rows

/** The stored id of Demo Studio's icon (file ids are random per seed). */
async function demoIconParams({ db }: CallContext) {
  const row = await db
    .selectFrom('workspaces')
    .select('icon_file_id')
    .where('id', '=', DEMO_WORKSPACE_ID)
    .executeTakeFirstOrThrow();
  return { id: row.icon_file_id! };
}

/** A fresh pending invite to Demo Studio; the link token is only known at creation (the database keeps its hash). */
async function freshInviteToken({ db, who }: CallContext) {
  const token = newToken();
  await db
    .insertInto('invites')
    .values({
      id: newId(),
      workspace_id: DEMO_WORKSPACE_ID,
      email: `matrix-${who}-${newId().slice(0, 8)}@demostudio.dev`,
      role: 'viewer',
      token_hash: hashToken(token),
      invited_by: null,
      sent_at: new Date(),
      state: 'pending',
    })
    .execute();
  return { token };
}

/** A reset link for the caller's account (the viewer's for anonymous), so its preview answers 200. */
async function freshResetToken({ db, who }: CallContext) {
  const email = ACCOUNT[who === 'anonymous' ? 'viewer' : who];
  const account = await db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const token = newToken();
  await db
    .insertInto('account_links')
    .values({
      token_hash: hashToken(token),
      purpose: 'reset_password',
      account_id: account.id,
      email,
      details: '{}',
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute();
  return { token };
}

/** A fresh sign-up confirmation link for a new address, so confirming it answers 200. */
async function freshSignUpToken({ db, who }: CallContext) {
  const token = newToken();
  await db
    .insertInto('account_links')
    .values({
      token_hash: hashToken(token),
      purpose: 'confirm_sign_up',
      account_id: null,
      email: `matrix-signup-${who}-${newId().slice(0, 8)}@newstudio.dev`,
      details: JSON.stringify({
        firstName: 'Matrix',
        lastName: 'Row',
        workspaceName: `Matrix ${who}`,
        passwordHash: 'not-a-usable-hash',
      }),
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute();
  return { token };
}

/** A throwaway account with an e-mail change link, so confirming it answers 200 (no demo account's address moves). */
async function freshEmailChangeToken({ db, who }: CallContext) {
  const accountId = newId();
  const token = newToken();
  const tag = `${who}-${accountId.slice(0, 8)}`;
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      email: `matrix-email-${tag}@demostudio.dev`,
      first_name: 'Matrix',
      last_name: 'Row',
      password_hash: 'not-a-usable-hash',
      is_tp_user: false,
    })
    .execute();
  await db
    .insertInto('account_links')
    .values({
      token_hash: hashToken(token),
      purpose: 'change_email',
      account_id: accountId,
      email: `matrix-email-${tag}@newstudio.dev`,
      details: '{}',
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute();
  return { token };
}

/** Another session of the caller's account (the viewer's for anonymous), for signing out one session. */
async function throwawaySession({ db, who }: CallContext) {
  const email = ACCOUNT[who === 'anonymous' ? 'viewer' : who];
  const account = await db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const sessionId = newId();
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      token_hash: hashToken(newToken()),
      account_id: account.id,
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute();
  return { sessionId };
}

/** Runs and saves a small Dragon Merge report as the admin (the analytics API is the only sane way to make one). */
async function runDemoReport(app: TestApp): Promise<{ templateId: string; resultUrl: URL }> {
  const res = await app.inject({
    method: 'POST',
    url: `/analytics/template/${DEMO_APP_IDS.dragonMergeAndroid}`,
    headers: { authorization: `Bearer ${tokens.get('admin')}` },
    payload: {
      report: {
        model_id: 'daily_metrics',
        configuration: {
          select: [{ column_name: 'dau', id: 'dau', data_type: 'FLOAT64', format: 'decimal' }],
          group_by: [{ column_name: 'date', data_type: 'DATE', sample_value: null }],
        },
      },
      saveTemplate: true,
      title: 'Authorization matrix',
    },
  });
  if (res.statusCode !== 200) throw new Error(`running the matrix report answered ${res.statusCode}: ${res.body}`);
  const body = res.json() as { url: string; template: { id: string } };
  return { templateId: body.template.id, resultUrl: new URL(body.url, 'http://matrix.invalid') };
}

let savedReport: Promise<{ templateId: string; resultUrl: URL }> | undefined;
const reportParams = async ({ app }: CallContext) => ({
  reportId: (await (savedReport ??= runDemoReport(app))).templateId,
});
/** A report made for this one call, for the destructive DELETE. */
const throwawayReportParams = async ({ app }: CallContext) => ({ reportId: (await runDemoReport(app)).templateId });

/** A webhook of Demo Studio per call (its URL an IP literal of a documentation range: refused, never reached). */
async function throwawayWebhookParams({ db, app }: CallContext) {
  const id = newId();
  await db
    .insertInto('notification_webhooks')
    .values({
      id,
      workspace_id: DEMO_WORKSPACE_ID,
      url: 'https://203.0.113.10/matrix',
      format: 'json',
      alerts: JSON.stringify(['quest_capped']),
      enabled: true,
      secret_sealed: app.questboard.providers.secrets.seal('whsec_matrix'),
      created_at: new Date(),
    })
    .execute();
  return { webhookId: id };
}

/** An unused Google-account credential of Demo Studio per call, for Refresh and the destructive revoke. */
async function throwawayCredentialParams({ db }: CallContext) {
  const id = newId();
  await db
    .insertInto('credentials')
    .values({
      id,
      workspace_id: DEMO_WORKSPACE_ID,
      type: 'USER_OAUTH',
      email: `matrix-credential-${id.slice(0, 8)}@demostudio.dev`,
      project_id: null,
      secret: null,
      created_by: null,
    })
    .execute();
  return { credentialId: id };
}

/** A saved cohort table of Dragon Merge (Android) per call (a row beside the saved reports), for its GET and DELETE. */
async function throwawayCohortParams({ db }: CallContext) {
  const id = newId();
  await db
    .insertInto('report_templates')
    .values({
      id,
      app_id: DEMO_APP_IDS.dragonMergeAndroid,
      kind: 'cohort',
      title: 'Matrix cohorts',
      model_id: 'daily_metrics',
      configuration: JSON.stringify({ grain: 'week', periods: 4 }),
      updated_at: new Date(),
    })
    .execute();
  return { cohortId: id };
}

/** A saved funnel of Dragon Merge (Android) per call (a row beside the saved reports), for its GET and DELETE. */
async function throwawayFunnelParams({ db }: CallContext) {
  const id = newId();
  await db
    .insertInto('report_templates')
    .values({
      id,
      app_id: DEMO_APP_IDS.dragonMergeAndroid,
      kind: 'funnel',
      title: 'Matrix funnel',
      model_id: 'events',
      configuration: JSON.stringify({
        steps: [{ event_name: 'first_open' }, { event_name: 'level_start' }],
        window: { value: 1, unit: 'day' },
        order: 'strict',
      }),
      updated_at: new Date(),
    })
    .execute();
  return { funnelId: id };
}

/** A dashboard of Dragon Merge (Android) per call, for its GET and the destructive DELETE. */
async function throwawayDashboardParams({ db }: CallContext) {
  const id = newId();
  await db
    .insertInto('dashboards')
    .values({
      id,
      app_id: DEMO_APP_IDS.dragonMergeAndroid,
      name: 'Matrix dashboard',
      tiles: JSON.stringify([]),
      filters: JSON.stringify({ date_range: null, platform: null }),
      created_by: null,
      updated_at: new Date(),
    })
    .execute();
  return { dashboardId: id };
}

/** A fresh catalogue item of Dragon Merge (Android) per call, for the DELETE row (its removal is real). */
async function throwawayCatalogueItem({ db, who }: CallContext) {
  const id = newId();
  await db
    .insertInto('app_catalogue_items')
    .values({
      id,
      app_id: DEMO_APP_IDS.dragonMergeAndroid,
      name: 'Matrix item',
      sku: `matrix_${who.toLowerCase()}_${id.slice(0, 8)}`,
      type: 'consumable',
      price_cents: 99,
      period: null,
    })
    .execute();
  return { itemId: id };
}
const signedResultParams = async ({ app }: CallContext) => ({
  resultId: (await (savedReport ??= runDemoReport(app))).resultUrl.pathname.split('/').pop()!,
});
const signedResultQuery = async ({ app }: CallContext) =>
  Object.fromEntries((await (savedReport ??= runDemoReport(app))).resultUrl.searchParams);

// billing helpers: a throwaway card of Demo Studio per call (set default / delete), a signed invoice url, a fresh
// sandbox setup session (its id is the hosted page's credential)
async function throwawayPaymentMethod({ db, who }: CallContext) {
  const paymentMethodId = `pm_matrix_${who}_${newId().slice(0, 8)}`;
  await db
    .insertInto('billing_payment_methods')
    .values({
      id: paymentMethodId,
      workspace_id: DEMO_WORKSPACE_ID,
      type: 'card',
      brand: 'visa',
      last4: '4242',
      exp_month: 1,
      exp_year: 2040,
      is_default: false,
    })
    .execute();
  return { paymentMethodId };
}
let invoiceUrl: Promise<URL> | undefined;
const signedInvoiceUrl = ({ app }: CallContext) =>
  (invoiceUrl ??= app
    .inject({
      method: 'GET',
      url: `/api/workspace/${DEMO_WORKSPACE_ID}/billing/invoices`,
      headers: { authorization: `Bearer ${tokens.get('admin')}` },
    })
    .then(
      (res) =>
        new URL((res.json() as { data: { downloadUrl: string }[] }).data[0]!.downloadUrl, 'http://matrix.invalid'),
    ));
const invoicePdfParams = async (ctx: CallContext) => ({
  invoiceId: (await signedInvoiceUrl(ctx)).pathname.split('/').at(-2)!,
});
const invoicePdfQuery = async (ctx: CallContext) => Object.fromEntries((await signedInvoiceUrl(ctx)).searchParams);
async function freshSetupSession({ db }: CallContext) {
  const sessionId = newToken();
  await db
    .insertInto('billing_setup_sessions')
    .values({
      id: sessionId,
      workspace_id: DEMO_WORKSPACE_ID,
      provider: 'sandbox',
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute();
  return { sessionId };
}

/** Dragon Merge (Android)'s seeded BigQuery plugin. */
const demoPluginParams = { pluginId: `${DEMO_APP_IDS.dragonMergeAndroid}-bigquery` };
/** A plugin (on an app of its own, with an OAuth credential) made for this one call, for connect/disconnect/delete. */
async function throwawayPluginParams({ db, who }: CallContext) {
  const appId = `matrix-${who}-${newId().slice(0, 8)}`;
  const credentialId = newId();
  await db
    .insertInto('apps')
    .values({
      id: appId,
      workspace_id: DEMO_WORKSPACE_ID,
      app_name: 'Matrix',
      platform: 'android',
      enabled: true,
      image_file_id: null,
      details: '{}' as never,
    })
    .execute();
  await db
    .insertInto('credentials')
    .values({
      id: credentialId,
      workspace_id: DEMO_WORKSPACE_ID,
      type: 'USER_OAUTH',
      email: `matrix-${credentialId.slice(0, 8)}@demostudio.dev`,
      project_id: null,
      secret: null,
      created_by: null,
    })
    .execute();
  await db
    .insertInto('plugins')
    .values({
      id: `${appId}-bigquery`,
      app_id: appId,
      type: 'BigQuery',
      status: 'disconnected',
      credential_id: credentialId,
      attributes: '{}' as never,
      refresh_schedule: null,
      last_refresh: null,
      data_start: null,
      data_end: null,
    })
    .execute();
  return { pluginId: `${appId}-bigquery` };
}

/** A plugin event of Dragon Merge (Android)'s BigQuery plugin made for this one call, with revenue settings when asked. */
async function throwawayEvent({ db, who }: CallContext, withSettings: boolean) {
  const eventId = newId();
  const eventName = `matrix_${who}_${eventId.slice(0, 8)}`;
  await db
    .insertInto('plugin_events')
    .values({
      id: eventId,
      plugin_id: demoPluginParams.pluginId,
      event_name: eventName,
      event_params: JSON.stringify({ value: 'FLOAT64', currency: 'STRING' }) as never,
      status: 'ACTIVE',
      last_received_at: 0,
      monetize_metadata: null,
    })
    .execute();
  if (withSettings) {
    await db
      .insertInto('revenue_settings')
      .values({
        event_id: eventId,
        app_id: DEMO_APP_IDS.dragonMergeAndroid,
        event_name: eventName,
        revenue_type: 'ads',
        revenue_ep: 'value',
        currency_ep: 'currency',
        updated_by: null,
      })
      .execute();
  }
  return { eventId };
}
const eventParams = (ctx: CallContext) => throwawayEvent(ctx, false);
const eventWithSettingsParams = (ctx: CallContext) => throwawayEvent(ctx, true);

/**
 * A Google sign-in started by Demo Studio's admin (the sealed state in the query, and for the callback the cookie of
 * the browser that started it, are the authorization of the public OAuth pages); one per caller of the row.
 */
const oauthStarts = new Map<string, Promise<{ state: string; cookie: string }>>();
function oauthStart({ db, app, who }: CallContext, page: string) {
  const key = `${page} ${who}`;
  if (!oauthStarts.has(key)) {
    oauthStarts.set(
      key,
      (async () => {
        const admin = await db
          .selectFrom('accounts')
          .select('id')
          .where('email', '=', DEMO_ACCOUNTS.admin)
          .executeTakeFirstOrThrow();
        const returnTo = `/workspace/${DEMO_WORKSPACE_ID}/app/${DEMO_APP_IDS.pixelRacer}/integrations/BigQuery`;
        const { url, setCookie } = await startOAuth(app.questboard, DEMO_APP_IDS.pixelRacer, admin.id, returnTo);
        return { state: new URL(url, 'http://x').searchParams.get('state')!, cookie: setCookie.split(';')[0]! };
      })(),
    );
  }
  return oauthStarts.get(key)!;
}
const oauthStateQuery = (page: string) => async (ctx: CallContext) => ({
  state: (await oauthStart(ctx, page)).state,
  code: `sandbox:matrix-${newId().slice(0, 8)}@demostudio.dev`,
});
/** A people's Google sign-in started (its sealed state is the authorization of the public sandbox pages). */
const googleState = async ({ app }: CallContext) => {
  const { url } = await startGoogleSignIn(app.questboard);
  return new URL(url, 'http://x').searchParams.get('state')!;
};
const oauthBrowser = (page: string) => async (ctx: CallContext) => ({ cookie: (await oauthStart(ctx, page)).cookie });

// acquire helpers: a quest of Dragon Merge (iOS, whose AppsFlyer events are fresh) made for this one call, in the status
// the destructive route needs (server/areas/acquire/acquire.ts status table)
async function throwawayQuestParams({ db, who }: CallContext, status: 'DRAFT' | 'LIVE' | 'STOPPED') {
  const questId = `quest-matrix-${who}-${newId().slice(0, 8)}`;
  const def = JSON.stringify({
    name: 'Matrix quest',
    countries: ['US'],
    dailyCap: 5,
    steps: [{ eventName: 'af_tutorial_completion', payout: 0.5, condition: null }],
  });
  await db
    .insertInto('quests')
    .values({ id: questId, app_id: ACQUIRE_DEMO_APP, status, active: status === 'DRAFT' ? null : def, draft: def })
    .execute();
  return { appId: ACQUIRE_DEMO_APP, questId };
}
const questOf = (status: 'DRAFT' | 'LIVE' | 'STOPPED') => (ctx: CallContext) => throwawayQuestParams(ctx, status);
/** A held completion of a throwaway live quest, made for this one call (docs/acquire.md §Fraud holds). */
async function heldParams(ctx: CallContext) {
  const { questId } = await throwawayQuestParams(ctx, 'LIVE');
  const hold = await ctx.db
    .insertInto('quest_completion_holds')
    .values({
      app_id: ACQUIRE_DEMO_APP,
      quest_id: questId,
      player_id: `matrix-${ctx.who}`,
      step_index: 0,
      event_name: 'af_tutorial_completion',
      payout_cents: 50,
      country: null,
      completed_at: new Date(),
      event_time: null,
      postback_id: null,
      reason: 'shared_device',
      evidence: JSON.stringify({ 'device id': 'matrix' }),
      held_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('quest_hold_counts')
    .values({ app_id: ACQUIRE_DEMO_APP, status: 'held', holds: 1 })
    .onConflict((oc) => oc.columns(['app_id', 'status']).doUpdateSet({ holds: sql`quest_hold_counts.holds + 1` }))
    .execute();
  return { appId: ACQUIRE_DEMO_APP, holdId: String(hold.id) };
}
const demoQuestParams = { appId: ACQUIRE_DEMO_APP, questId: ACQUIRE_DEMO_QUESTS.live };
/** The demo iOS app's AppsFlyer postback URL parts (its secret made on first use) and one realistic postback. */
const postbackParams = async ({ app }: CallContext) => {
  const secret = (await postbackUrl(app.questboard, DEMO_APP_IDS.dragonMergeIos, 'appsflyer')).split('/').pop()!;
  return { source: 'appsflyer', appId: DEMO_APP_IDS.dragonMergeIos, secret };
};
/** A short test link of Dragon Merge (iOS) to open (server/areas/integrations/appsflyer/test-links.ts). */
const testLinkParams = async ({ app, db }: CallContext) => {
  const admin = await db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', DEMO_ACCOUNTS.admin)
    .executeTakeFirstOrThrow();
  const { shortUrl } = await createTestLink(
    app.questboard,
    DEMO_APP_IDS.dragonMergeIos,
    admin.id,
    'AEBE52E7-03EE-455A-B3C4-E57283966239',
  );
  return { code: shortUrl.split('/').pop()! };
};
const postbackQuery = {
  event_name: 'matrix_event',
  event_time: '2026-11-20 10:00:00',
  idfa: 'AEBE52E7-03EE-455A-B3C4-E57283966239',
};
// monetize helpers: a throwaway campaign per call on an app of Demo Studio (one campaign per app: the previous one goes)
async function throwawayCampaign({ db }: CallContext, appId: string = DEMO_APP_IDS.pixelRacer) {
  await db.deleteFrom('monetize_campaigns').where('app_id', '=', appId).execute();
  const id = `matrix-monetize-${newId().slice(0, 8)}`;
  await db
    .insertInto('monetize_campaigns')
    .values({
      id,
      app_id: appId,
      ref_public_price: 1,
      min_accepted_price: null,
      send_traffic_to_app_ids: '[]' as never,
      countries: '["US"]' as never,
      target_conditions: '[]' as never,
      status: 'LIVE',
      updated_by: null,
    })
    .execute();
  return id;
}
const monetizeBody = (appId: string) => ({
  appId,
  refPublicPrice: 1,
  sendTrafficToAppIds: [],
  countries: ['US'],
  targetConditions: [],
  status: 'LIVE',
});
async function freshMonetizeCreate({ db }: CallContext) {
  await db.deleteFrom('monetize_campaigns').where('app_id', '=', DEMO_APP_IDS.wordGarden).execute();
  return monetizeBody(DEMO_APP_IDS.wordGarden);
}
const throwawayMonetizeUpdate = async (ctx: CallContext) => ({
  id: await throwawayCampaign(ctx),
  ...monetizeBody(DEMO_APP_IDS.pixelRacer),
  refPublicPrice: 2,
});
const throwawayMonetizeParams = async (ctx: CallContext) => ({ id: await throwawayCampaign(ctx) });

// ------------------------------------------------------------------------------------------------ THE TABLE
//                                                            admin editor viewer other anonymous
const MATRIX: MatrixRow[] = [
  // auth (server/areas/auth/routes.ts)
  { route: 'GET /api/health', expect: [200, 200, 200, 200, 200] },
  { route: 'POST /api/auth/sign-in', expect: [400, 400, 400, 400, 400], body: BAD_BODY },
  { route: 'POST /api/auth/sign-out', expect: [200, 200, 200, 200, 401], freshSessions: true },
  { route: 'GET /api/me', expect: [200, 200, 200, 200, 401] },
  // the account's own (server/areas/auth/account.routes.ts)
  { route: 'POST /api/auth/forgot-password', expect: [400, 400, 400, 400, 400], body: BAD_BODY },
  { route: 'GET /api/auth/reset-password/:token', expect: [200, 200, 200, 200, 200], params: freshResetToken },
  {
    route: 'POST /api/auth/reset-password/:token',
    expect: [400, 400, 400, 400, 400],
    params: freshResetToken,
    body: BAD_BODY,
  },
  { route: 'PUT /api/account/profile', expect: [400, 400, 400, 400, 401], body: BAD_BODY },
  { route: 'POST /api/account/password', expect: [400, 400, 400, 400, 401], body: BAD_BODY },
  { route: 'GET /api/account/sessions', expect: [200, 200, 200, 200, 401] },
  {
    route: 'POST /api/account/sessions/:sessionId/sign-out',
    expect: [200, 200, 200, 200, 401],
    params: throwawaySession,
  },
  { route: 'POST /api/account/sessions/sign-out-others', expect: [200, 200, 200, 200, 401] },
  { route: 'GET /api/account/email', expect: [200, 200, 200, 200, 401] },
  { route: 'POST /api/account/email', expect: [400, 400, 400, 400, 401], body: BAD_BODY },
  { route: 'POST /api/account/email/cancel', expect: [200, 200, 200, 200, 401] },
  {
    route: 'POST /api/auth/confirm-email/:token',
    expect: [200, 200, 200, 200, 200],
    params: freshEmailChangeToken,
  },
  // sign-up (server/areas/auth/sign-up.routes.ts)
  { route: 'GET /api/auth/sign-up', expect: [200, 200, 200, 200, 200] },
  { route: 'POST /api/auth/sign-up', expect: [400, 400, 400, 400, 400], body: BAD_BODY },
  { route: 'POST /api/auth/confirm-sign-up/:token', expect: [200, 200, 200, 200, 200], params: freshSignUpToken },
  // two-factor sign-in (server/areas/auth/two-factor.routes.ts)
  { route: 'POST /api/auth/sign-in/two-factor', expect: [400, 400, 400, 400, 400], body: BAD_BODY },
  { route: 'GET /api/account/two-factor', expect: [200, 200, 200, 200, 401] },
  { route: 'POST /api/account/two-factor/enrol', expect: [200, 200, 200, 200, 401] },
  { route: 'POST /api/account/two-factor/confirm', expect: [400, 400, 400, 400, 401], body: BAD_BODY },
  { route: 'POST /api/account/two-factor/disable', expect: [400, 400, 400, 400, 401], body: BAD_BODY },
  // Google sign-in for people (server/areas/auth/google-sign-in.routes.ts): the sealed state, the browser's cookie and
  // the single-use ticket are the authorization of the public routes.
  { route: 'POST /api/auth/google/start', expect: [200, 200, 200, 200, 200] },
  {
    route: 'GET /api/auth/google/sandbox',
    expect: [200, 200, 200, 200, 200],
    query: async (ctx: CallContext) => ({ state: await googleState(ctx) }),
  },
  {
    route: 'GET /api/auth/google/sandbox/approve',
    expect: [200, 200, 200, 200, 200],
    query: async (ctx: CallContext) => ({ state: await googleState(ctx), email: 'matrix@gmail.com', name: 'Matrix' }),
  },
  {
    route: 'GET /api/auth/google/callback',
    expect: [200, 200, 200, 200, 200],
    query: async (ctx: CallContext) => ({ state: await googleState(ctx) }),
  },
  { route: 'POST /api/auth/google/continue', expect: [400, 400, 400, 400, 400], body: BAD_BODY },
  { route: 'POST /api/auth/google/link', expect: [400, 400, 400, 400, 400], body: BAD_BODY },
  { route: 'GET /api/account/google', expect: [200, 200, 200, 200, 401] },
  { route: 'POST /api/account/google/unlink', expect: [404, 404, 404, 404, 401] },

  // workspaces (server/areas/workspace/routes.ts)
  { route: 'GET /api/workspace/:workspaceId', expect: [200, 200, 200, 404, 401] },
  { route: 'POST /api/workspace', expect: [400, 400, 400, 400, 401], body: BAD_BODY },
  { route: 'POST /api/workspace/:workspaceId', expect: [400, 403, 403, 404, 401], body: BAD_BODY },
  { route: 'GET /api/workspace/:workspaceId/security', expect: [200, 403, 403, 404, 401] },
  { route: 'POST /api/workspace/:workspaceId/security', expect: [400, 403, 403, 404, 401], body: BAD_BODY },

  // apps (server/areas/apps/routes.ts)
  { route: 'GET /api/app/:appId', expect: [200, 200, 200, 404, 401] },
  { route: 'POST /api/app/enable/:appId', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  // store search and lookup read the public stores (any signed-in user); adding an app needs an editor
  { route: 'GET /api/app/search', expect: [200, 200, 200, 200, 401], query: { platform: 'android', query: 'dragon' } },
  {
    route: 'GET /api/app/store-lookup',
    expect: [200, 200, 200, 200, 401],
    query: { url: 'https://play.google.com/store/apps/details?id=dev.demostudio.wordgarden' },
  },
  { route: 'POST /api/workspace/:workspaceId/apps', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  // app settings (server/areas/app-settings/routes.ts)
  { route: 'POST /api/app/:appId/general', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  { route: 'POST /api/app/:appId/api-keys', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  // cms app details (server/areas/app-settings/cms/routes.ts): every member reads, editors and admins save
  { route: 'GET /api/app/:appId/details', expect: [200, 200, 200, 404, 401] },
  { route: 'POST /api/app/:appId/details', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  // documentation values, events and acquisition links (server/areas/docs/routes.ts, server/areas/apps/deeplinks/routes.ts):
  // every member reads; editors and admins update a link's url
  {
    route: 'GET /api/app/:appId/guide-values',
    expect: [200, 200, 200, 404, 401],
    query: { workspaceId: DEMO_WORKSPACE_ID },
  },
  { route: 'GET /api/app/:appId/event-schemas', expect: [200, 200, 200, 404, 401] },
  { route: 'GET /api/app/:appId/deeplinks', expect: [200, 200, 200, 404, 401] },
  { route: 'POST /api/app/:appId/deeplinks/update', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  // catalogue and messages (server/areas/app-settings/catalogue/routes.ts, messages.ts): every member reads, editors and admins change
  { route: 'GET /api/app/:appId/catalogue', expect: [200, 200, 200, 404, 401] },
  { route: 'POST /api/app/:appId/catalogue', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  {
    route: 'PUT /api/app/:appId/catalogue/:itemId',
    expect: [400, 400, 403, 404, 401],
    params: { itemId: 'matrix-item' },
    body: BAD_BODY,
  },
  {
    route: 'DELETE /api/app/:appId/catalogue/:itemId',
    expect: [200, 200, 403, 404, 401],
    params: throwawayCatalogueItem,
  },
  { route: 'GET /api/app/:appId/notification-settings', expect: [200, 200, 200, 404, 401] },
  { route: 'PUT /api/app/:appId/notification-settings', expect: [400, 400, 403, 404, 401], body: BAD_BODY },

  // team and invitations (server/areas/team/routes.ts)
  { route: 'GET /api/workspace/:workspaceId/team', expect: [200, 200, 200, 404, 401] },
  { route: 'POST /api/workspace/:workspaceId/team/invite', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  { route: 'POST /api/workspace/:workspaceId/team/resend', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  { route: 'POST /api/workspace/:workspaceId/team/role', expect: [400, 403, 403, 404, 401], body: BAD_BODY },
  { route: 'POST /api/workspace/:workspaceId/team/remove', expect: [400, 403, 403, 404, 401], body: BAD_BODY },
  { route: 'GET /api/invite/:token', expect: [200, 200, 200, 200, 200], params: freshInviteToken },
  {
    route: 'POST /api/invite/:token/accept',
    expect: [400, 400, 400, 400, 400],
    params: freshInviteToken,
    body: BAD_BODY,
  },

  // files (server/areas/files/routes.ts)
  { route: 'GET /api/files/:id', expect: [200, 200, 200, 200, 200], params: demoIconParams },

  // analytics service (server/areas/analyze/routes.ts): every member may run, read and delete reports (docs/accounts.md §Roles);
  // the signed result url is public, its signature is the authorization
  { route: 'POST /analytics/template/:appId', expect: [400, 400, 400, 404, 401], body: BAD_BODY },
  {
    route: 'GET /analytics/result/:resultId',
    expect: [200, 200, 200, 200, 200],
    params: signedResultParams,
    query: signedResultQuery,
  },
  {
    route: 'GET /analytics/application/:appId/report/config/:modelId',
    expect: [200, 200, 200, 404, 401],
    params: { modelId: 'daily_metrics' },
  },
  { route: 'GET /analytics/application/:appId/models', expect: [200, 200, 200, 404, 401] },
  { route: 'GET /analytics/template/:appId', expect: [200, 200, 200, 404, 401] },
  { route: 'GET /analytics/template/:appId/:reportId', expect: [200, 200, 200, 404, 401], params: reportParams },
  {
    route: 'DELETE /analytics/template/:appId/:reportId',
    expect: [200, 200, 200, 404, 401],
    params: throwawayReportParams,
  },

  // retention cohorts (server/areas/analyze/routes.ts): every member runs and opens them, editors and admins save and delete
  { route: 'POST /api/app/:appId/analyze/cohorts/run', expect: [400, 400, 400, 404, 401], body: BAD_BODY },
  { route: 'GET /api/app/:appId/analyze/cohorts', expect: [200, 200, 200, 404, 401] },
  {
    route: 'GET /api/app/:appId/analyze/cohorts/:cohortId',
    expect: [200, 200, 200, 404, 401],
    params: throwawayCohortParams,
  },
  { route: 'POST /api/app/:appId/analyze/cohorts', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  {
    route: 'DELETE /api/app/:appId/analyze/cohorts/:cohortId',
    expect: [200, 200, 403, 404, 401],
    params: throwawayCohortParams,
  },

  // funnels (server/areas/analyze/routes.ts): every member runs them, reads a drop-off and opens them, editors and
  // admins save and delete them
  { route: 'POST /api/app/:appId/analyze/funnels/run', expect: [400, 400, 400, 404, 401], body: BAD_BODY },
  { route: 'POST /api/app/:appId/analyze/funnels/dropoff', expect: [400, 400, 400, 404, 401], body: BAD_BODY },
  { route: 'GET /api/app/:appId/analyze/funnels/events', expect: [200, 200, 200, 404, 401] },
  { route: 'GET /api/app/:appId/analyze/funnels', expect: [200, 200, 200, 404, 401] },
  {
    route: 'GET /api/app/:appId/analyze/funnels/:funnelId',
    expect: [200, 200, 200, 404, 401],
    params: throwawayFunnelParams,
  },
  { route: 'POST /api/app/:appId/analyze/funnels', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  {
    route: 'DELETE /api/app/:appId/analyze/funnels/:funnelId',
    expect: [200, 200, 403, 404, 401],
    params: throwawayFunnelParams,
  },

  // dashboards (server/areas/analyze/routes.ts): every member lists and opens them, editors and admins create, edit
  // and delete them
  { route: 'GET /api/app/:appId/analyze/dashboards', expect: [200, 200, 200, 404, 401] },
  {
    route: 'GET /api/app/:appId/analyze/dashboards/:dashboardId',
    expect: [200, 200, 200, 404, 401],
    params: throwawayDashboardParams,
  },
  { route: 'POST /api/app/:appId/analyze/dashboards', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  {
    route: 'PUT /api/app/:appId/analyze/dashboards/:dashboardId',
    expect: [400, 400, 403, 404, 401],
    body: BAD_BODY,
    params: throwawayDashboardParams,
  },
  {
    route: 'DELETE /api/app/:appId/analyze/dashboards/:dashboardId',
    expect: [200, 200, 403, 404, 401],
    params: throwawayDashboardParams,
  },

  // ask Analyze in plain words (server/areas/ask/routes.ts): every member may ask, as every member may run reports (docs/accounts.md §Roles)
  {
    route: 'POST /api/app/:appId/analyze/ask',
    expect: [200, 200, 200, 404, 401],
    body: { question: 'dau by country last 30 days' },
  },
  // billing (server/areas/billing/routes.ts): admins only (docs/accounts.md §Roles); the invoice PDF url is signed, the sandbox hosted page's
  // session id is its credential, the Stripe webhook is verified by signature (404 while the sandbox is the provider)
  { route: 'GET /api/workspace/:workspaceId/billing/balance', expect: [200, 403, 403, 404, 401] },
  { route: 'GET /api/workspace/:workspaceId/billing/subscription', expect: [200, 403, 403, 404, 401] },
  { route: 'GET /api/workspace/:workspaceId/billing/runway', expect: [200, 403, 403, 404, 401] },
  { route: 'GET /api/workspace/:workspaceId/billing/payment-methods', expect: [200, 403, 403, 404, 401] },
  { route: 'POST /api/workspace/:workspaceId/billing/payment-methods/setup', expect: [200, 403, 403, 404, 401] },
  {
    route: 'POST /api/workspace/:workspaceId/billing/payment-methods/:paymentMethodId/default',
    expect: [200, 403, 403, 404, 401],
    params: throwawayPaymentMethod,
  },
  {
    route: 'DELETE /api/workspace/:workspaceId/billing/payment-methods/:paymentMethodId',
    expect: [200, 403, 403, 404, 401],
    params: throwawayPaymentMethod,
  },
  { route: 'POST /api/workspace/:workspaceId/billing/redeem', expect: [400, 403, 403, 404, 401], body: BAD_BODY },
  { route: 'GET /api/workspace/:workspaceId/billing/invoices', expect: [200, 403, 403, 404, 401] },
  { route: 'GET /api/workspace/:workspaceId/billing/credit-transactions', expect: [200, 403, 403, 404, 401] },
  {
    route: 'GET /api/billing/invoices/:invoiceId/pdf',
    expect: [200, 200, 200, 200, 200],
    params: invoicePdfParams,
    query: invoicePdfQuery,
  },
  { route: 'GET /sandbox/payments/setup/:sessionId', expect: [200, 200, 200, 200, 200], params: freshSetupSession },
  {
    route: 'POST /sandbox/payments/setup/:sessionId',
    expect: [400, 400, 400, 400, 400],
    params: freshSetupSession,
    body: BAD_BODY,
  },
  { route: 'GET /sandbox/payments/sandbox.css', expect: [200, 200, 200, 200, 200] },
  { route: 'POST /api/billing/stripe/webhook', expect: [400, 400, 400, 400, 400], body: BAD_BODY },
  // integrations (server/areas/integrations/routes.ts): members read; editors change plugins; admins add service accounts
  { route: 'GET /api/plugins/:pluginId', expect: [200, 200, 200, 404, 401], params: demoPluginParams },
  {
    route: 'POST /api/plugins/:pluginId/update',
    expect: [400, 400, 403, 404, 401],
    params: demoPluginParams,
    body: BAD_BODY,
  },
  { route: 'GET /api/app/:appId/plugins', expect: [200, 200, 200, 404, 401] },
  { route: 'POST /api/app/:appId/plugins', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  { route: 'POST /api/plugins/:pluginId/connect', expect: [200, 200, 403, 404, 401], params: throwawayPluginParams },
  { route: 'POST /api/plugins/:pluginId/disconnect', expect: [200, 200, 403, 404, 401], params: throwawayPluginParams },
  { route: 'DELETE /api/plugins/:pluginId', expect: [200, 200, 403, 404, 401], params: throwawayPluginParams },
  {
    route: 'POST /api/plugins/:pluginId/daily-process',
    expect: [400, 400, 403, 404, 401],
    params: demoPluginParams,
    body: BAD_BODY,
  },
  {
    route: 'PUT /api/plugins/:pluginId/silent-hours',
    expect: [400, 400, 403, 404, 401],
    params: demoPluginParams,
    body: BAD_BODY,
  },
  {
    route: 'POST /api/plugins/:pluginId/process',
    expect: [400, 400, 403, 404, 401],
    params: demoPluginParams,
    body: BAD_BODY,
  },
  {
    route: 'POST /api/plugins/:pluginId/process/estimate',
    expect: [400, 400, 403, 404, 401],
    params: demoPluginParams,
    body: BAD_BODY,
  },
  { route: 'GET /api/app/:appId/query-jobs', expect: [200, 200, 200, 404, 401] },
  // No such job: an allowed caller passes the role check and gets 404 (nothing runs to cancel).
  {
    route: 'POST /api/app/:appId/query-jobs/:jobId/cancel',
    expect: [404, 404, 403, 404, 401],
    params: { jobId: '999999999' },
  },
  { route: 'GET /api/plugins/:pluginId/feed', expect: [200, 200, 200, 404, 401], params: demoPluginParams },
  { route: 'GET /api/app/:appId/credentials', expect: [200, 200, 200, 404, 401] },
  // the workspace's credentials managed: every member reads; Refresh for editors; rename and revoke for admins
  { route: 'GET /api/workspace/:workspaceId/credentials', expect: [200, 200, 200, 404, 401] },
  {
    route: 'PUT /api/workspace/:workspaceId/credentials/:credentialId/name',
    expect: [400, 403, 403, 404, 401],
    params: throwawayCredentialParams,
    body: BAD_BODY,
  },
  {
    route: 'POST /api/workspace/:workspaceId/credentials/:credentialId/refresh',
    expect: [200, 200, 403, 404, 401],
    params: throwawayCredentialParams,
  },
  {
    route: 'DELETE /api/workspace/:workspaceId/credentials/:credentialId',
    expect: [200, 403, 403, 404, 401],
    params: throwawayCredentialParams,
  },
  { route: 'POST /api/app/:appId/credentials/product', expect: [200, 403, 403, 404, 401] },
  { route: 'POST /api/app/:appId/credentials/service-account', expect: [400, 403, 403, 404, 401], body: BAD_BODY },
  { route: 'GET /api/plugins/:pluginId/events', expect: [200, 200, 200, 404, 401], params: demoPluginParams },
  { route: 'POST /api/app/:appId/active-plugin', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  { route: 'POST /api/app/:appId/credentials/oauth', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  { route: 'GET /api/oauth/sandbox/consent', expect: [200, 200, 200, 200, 200], query: oauthStateQuery('consent') },
  {
    route: 'GET /api/oauth/callback',
    expect: [200, 200, 200, 200, 200],
    query: oauthStateQuery('callback'),
    headers: oauthBrowser('callback'),
  },
  // firebase (server/areas/integrations/firebase/routes.ts): members read conversion events and the health line; editors enable / disable
  {
    route: 'GET /api/plugins/:pluginId/firebase/events',
    expect: [200, 200, 200, 404, 401],
    params: { pluginId: `${DEMO_APP_IDS.wordGarden}-firebase` },
  },
  {
    route: 'POST /api/plugins/:pluginId/firebase/events/enable',
    expect: [400, 400, 403, 404, 401],
    params: { pluginId: `${DEMO_APP_IDS.wordGarden}-firebase` },
    body: BAD_BODY,
  },
  {
    route: 'POST /api/plugins/:pluginId/firebase/events/disable',
    expect: [400, 400, 403, 404, 401],
    params: { pluginId: `${DEMO_APP_IDS.wordGarden}-firebase` },
    body: BAD_BODY,
  },
  { route: 'GET /api/app/:appId/integrations/health', expect: [200, 200, 200, 404, 401] },
  // postbacks (server/areas/postbacks/routes.ts) and AppsFlyer (server/areas/integrations/appsflyer/routes.ts): the postback endpoint is public
  // (its URL secret is the authorization); members read the log and summary; Check Status (an action), the URL (it
  // holds the secret) and Enable Plugin are for editors
  {
    route: 'GET /postbacks/:source/:appId/:secret',
    expect: [200, 200, 200, 200, 200],
    params: postbackParams,
    query: postbackQuery,
  },
  {
    route: 'POST /postbacks/:source/:appId/:secret',
    expect: [400, 400, 400, 400, 400],
    params: postbackParams,
    body: BAD_BODY,
  },
  {
    route: 'GET /api/plugins/:pluginId/status',
    expect: [200, 200, 403, 404, 401],
    params: { pluginId: `${DEMO_APP_IDS.dragonMergeIos}-appsflyer` },
  },
  {
    route: 'GET /api/app/:appId/postbacks/:source/url',
    expect: [200, 200, 403, 404, 401],
    params: { source: 'appsflyer' },
  },
  {
    route: 'GET /api/app/:appId/postbacks/:source/log',
    expect: [200, 200, 200, 404, 401],
    params: { source: 'appsflyer' },
  },
  {
    route: 'GET /api/app/:appId/postbacks/:source/summary',
    expect: [200, 200, 200, 404, 401],
    params: { source: 'appsflyer' },
  },
  {
    route: 'GET /api/app/:appId/postbacks/:source/entries',
    expect: [200, 200, 200, 404, 401],
    params: { source: 'appsflyer' },
  },
  {
    route: 'GET /api/app/:appId/postbacks/:source/entries/export',
    expect: [200, 200, 200, 404, 401],
    params: { source: 'appsflyer' },
  },
  {
    route: 'POST /api/app/:appId/appsflyer/enable',
    expect: [200, 200, 403, 404, 401],
    params: { appId: DEMO_APP_IDS.wordGarden },
  },
  // a test link for one's own device changes nothing others see: every member; its short link is public
  { route: 'POST /api/app/:appId/appsflyer/test-links', expect: [400, 400, 400, 404, 401], body: BAD_BODY },
  { route: 'GET /t/:code', expect: [302, 302, 302, 302, 302], params: testLinkParams },
  // monetize (server/areas/monetize/routes.ts): members read and estimate; editors create, update and remove (the write
  // paths are per docs/architecture.md §Endpoints and errors, without the app: the domain authorizes the app of the body or of the campaign)
  { route: 'GET /api/app/:appId/monetize', expect: [200, 200, 200, 404, 401] },
  { route: 'GET /api/app/:appId/monetize/events', expect: [200, 200, 200, 404, 401] },
  {
    route: 'POST /api/app/:appId/monetize/estimate',
    expect: [200, 200, 200, 404, 401],
    body: { targetConditions: [] },
  },
  { route: 'POST /api/monetize', expect: [200, 200, 403, 404, 401], body: freshMonetizeCreate },
  { route: 'POST /api/monetize/update', expect: [200, 200, 403, 404, 401], body: throwawayMonetizeUpdate },
  { route: 'DELETE /api/monetize/:id', expect: [200, 200, 403, 404, 401], params: throwawayMonetizeParams },
  // event detail and revenue settings (server/areas/integrations/revenue-settings.routes.ts): members read; editors save and delete
  { route: 'GET /api/app/:appId/events/:eventId', expect: [200, 200, 200, 404, 401], params: eventParams },
  {
    route: 'PUT /api/app/:appId/events/:eventId/revenue-settings',
    expect: [400, 400, 403, 404, 401],
    params: eventParams,
    body: BAD_BODY,
  },
  {
    route: 'DELETE /api/app/:appId/events/:eventId/revenue-settings',
    expect: [200, 200, 403, 404, 401],
    params: eventWithSettingsParams,
  },
  // activity log (server/areas/activity/routes.ts): every member reads it (billing entries reach admins only)
  { route: 'GET /api/workspace/:workspaceId/activity', expect: [200, 200, 200, 404, 401] },
  { route: 'GET /api/workspace/:workspaceId/activity/export', expect: [200, 200, 200, 404, 401] },
  // notifications (server/areas/notifications/routes.ts): every member has their own inbox and preferences; an entry
  // id that is not the caller's own is not found
  { route: 'GET /api/workspace/:workspaceId/notifications', expect: [200, 200, 200, 404, 401] },
  {
    route: 'POST /api/workspace/:workspaceId/notifications/:notificationId/read',
    expect: [404, 404, 404, 404, 401],
    params: { notificationId: '999999999' },
  },
  { route: 'POST /api/workspace/:workspaceId/notifications/read-all', expect: [200, 200, 200, 404, 401] },
  { route: 'GET /api/workspace/:workspaceId/notifications/preferences', expect: [200, 200, 200, 404, 401] },
  {
    route: 'PUT /api/workspace/:workspaceId/notifications/preferences',
    expect: [400, 400, 400, 404, 401],
    body: BAD_BODY,
  },
  // a workspace's webhooks: admins only (a URL can be a credential); an unknown webhook is not found
  { route: 'GET /api/workspace/:workspaceId/notifications/webhooks', expect: [200, 403, 403, 404, 401] },
  {
    route: 'POST /api/workspace/:workspaceId/notifications/webhooks',
    expect: [400, 403, 403, 404, 401],
    body: BAD_BODY,
  },
  {
    route: 'PUT /api/workspace/:workspaceId/notifications/webhooks/:webhookId',
    expect: [400, 403, 403, 404, 401],
    params: throwawayWebhookParams,
    body: BAD_BODY,
  },
  {
    route: 'DELETE /api/workspace/:workspaceId/notifications/webhooks/:webhookId',
    expect: [200, 403, 403, 404, 401],
    params: throwawayWebhookParams,
  },
  {
    route: 'POST /api/workspace/:workspaceId/notifications/webhooks/:webhookId/secret',
    expect: [200, 403, 403, 404, 401],
    params: throwawayWebhookParams,
  },
  {
    route: 'POST /api/workspace/:workspaceId/notifications/webhooks/:webhookId/test',
    expect: [200, 403, 403, 404, 401],
    params: throwawayWebhookParams,
  },
  {
    route: 'GET /api/workspace/:workspaceId/notifications/webhooks/:webhookId/deliveries',
    expect: [200, 403, 403, 404, 401],
    params: throwawayWebhookParams,
  },
  // an e-mail's unsubscribe link: public, its signed token is the credential (a token not ours: 400)
  {
    route: 'GET /api/notifications/unsubscribe',
    expect: [400, 400, 400, 400, 400],
    query: { token: 'not-a-signed-token' },
  },
  {
    route: 'POST /api/notifications/unsubscribe',
    expect: [400, 400, 400, 400, 400],
    query: { token: 'not-a-signed-token' },
    body: { 'List-Unsubscribe': 'One-Click' },
  },

  // adjust (server/areas/integrations/adjust/routes.ts): members read the partner link and events file; editors connect and update
  { route: 'GET /api/app/:appId/adjust', expect: [200, 200, 200, 404, 401] },
  { route: 'POST /api/app/:appId/adjust/connect', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  { route: 'POST /api/app/:appId/adjust/events-file', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  { route: 'POST /api/app/:appId/adjust/partner-link', expect: [400, 400, 403, 404, 401], body: BAD_BODY },

  // acquire (server/areas/acquire/routes.ts): viewers read; editors and admins write; the player app's s2s route is public
  { route: 'GET /api/app/:appId/acquire/source', expect: [200, 200, 200, 404, 401] },
  { route: 'GET /api/app/:appId/acquire/quests', expect: [200, 200, 200, 404, 401] },
  { route: 'POST /api/app/:appId/acquire/quests', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  { route: 'GET /api/app/:appId/acquire/quests/:questId', expect: [200, 200, 200, 404, 401], params: demoQuestParams },
  {
    route: 'PUT /api/app/:appId/acquire/quests/:questId/draft',
    expect: [400, 400, 403, 404, 401],
    params: demoQuestParams,
    body: BAD_BODY,
  },
  {
    route: 'POST /api/app/:appId/acquire/quests/:questId/publish',
    expect: [200, 200, 403, 404, 401],
    params: questOf('DRAFT'),
  },
  {
    route: 'POST /api/app/:appId/acquire/quests/:questId/stop',
    expect: [200, 200, 403, 404, 401],
    params: questOf('LIVE'),
  },
  {
    route: 'POST /api/app/:appId/acquire/quests/:questId/restart',
    expect: [200, 200, 403, 404, 401],
    params: questOf('STOPPED'),
  },
  {
    route: 'DELETE /api/app/:appId/acquire/quests/:questId/active',
    expect: [200, 200, 403, 404, 401],
    params: questOf('STOPPED'),
  },
  {
    route: 'DELETE /api/app/:appId/acquire/quests/:questId/draft',
    expect: [200, 200, 403, 404, 401],
    params: questOf('DRAFT'),
  },
  {
    route: 'POST /api/app/:appId/acquire/quests/:questId/discard',
    expect: [200, 200, 403, 404, 401],
    params: questOf('LIVE'),
  },
  { route: 'POST /api/app/:appId/acquire/quests/publish-all', expect: [200, 200, 403, 404, 401] },
  {
    route: 'POST /api/app/:appId/acquire/quests/discard-all',
    expect: [200, 200, 403, 404, 401],
    body: { questIds: [] },
  },
  { route: 'GET /api/app/:appId/acquire/settings', expect: [200, 200, 200, 404, 401] },
  { route: 'POST /api/app/:appId/acquire/settings', expect: [400, 400, 403, 404, 401], body: BAD_BODY },
  { route: 'GET /api/app/:appId/acquire/kpi', expect: [200, 200, 200, 404, 401] },
  { route: 'GET /api/app/:appId/acquire/pacing', expect: [200, 200, 200, 404, 401] },
  {
    route: 'GET /api/app/:appId/acquire/quests/:questId/spend',
    expect: [200, 200, 200, 404, 401],
    params: demoQuestParams,
  },
  { route: 'GET /api/app/:appId/acquire/returns', expect: [200, 200, 200, 404, 401] },
  {
    route: 'GET /api/app/:appId/acquire/quests/:questId/returns',
    expect: [200, 200, 200, 404, 401],
    params: demoQuestParams,
  },
  { route: 'GET /api/app/:appId/acquire/holds', expect: [200, 200, 200, 404, 401] },
  {
    route: 'POST /api/app/:appId/acquire/holds/:holdId/release',
    expect: [200, 200, 403, 404, 401],
    params: heldParams,
  },
  {
    route: 'POST /api/app/:appId/acquire/holds/:holdId/reject',
    expect: [200, 200, 403, 404, 401],
    params: heldParams,
  },
  { route: 'POST /api/s2s/:appId/quest-events', expect: [400, 400, 400, 400, 400], body: BAD_BODY },
  // report and dashboard subscriptions: every member, their own only (an id not theirs: 404)
  { route: 'GET /api/workspace/:workspaceId/notifications/subscriptions', expect: [200, 200, 200, 404, 401] },
  {
    route: 'POST /api/workspace/:workspaceId/notifications/subscriptions',
    expect: [400, 400, 400, 404, 401],
    body: BAD_BODY,
  },
  {
    route: 'PUT /api/workspace/:workspaceId/notifications/subscriptions/:subscriptionId',
    expect: [400, 400, 400, 404, 401],
    params: { subscriptionId: 'matrix-subscription' },
    body: BAD_BODY,
  },
  {
    route: 'DELETE /api/workspace/:workspaceId/notifications/subscriptions/:subscriptionId',
    expect: [404, 404, 404, 404, 401],
    params: { subscriptionId: 'matrix-subscription' },
  },
  // a person's own metric alerts (docs/notifications.md §Metric alerts): every member has theirs; another's id is not found
  { route: 'GET /api/workspace/:workspaceId/notifications/metric-alerts', expect: [200, 200, 200, 404, 401] },
  {
    route: 'POST /api/workspace/:workspaceId/notifications/metric-alerts',
    expect: [400, 400, 400, 404, 401],
    body: BAD_BODY,
  },
  {
    route: 'PUT /api/workspace/:workspaceId/notifications/metric-alerts/:alertId',
    expect: [400, 400, 400, 404, 401],
    params: { alertId: 'no-such-alert' },
    body: BAD_BODY,
  },
  {
    route: 'DELETE /api/workspace/:workspaceId/notifications/metric-alerts/:alertId',
    expect: [404, 404, 404, 404, 401],
    params: { alertId: 'no-such-alert' },
  },
];

// ------------------------------------------------------------------------------------------------ the machinery

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The statuses a route's declared access implies when it is called with a valid request (used for suggestions). */
function impliedStatuses(rule: Access, allowed = 200): Statuses {
  switch (rule.kind) {
    case 'public':
      return [allowed, allowed, allowed, allowed, allowed];
    case 'signedIn':
      return [allowed, allowed, allowed, allowed, 401];
    case 'workspace':
    case 'app':
    case 'plugin': {
      const rank = { viewer: 0, editor: 1, admin: 2 } as const;
      const at = (role: keyof typeof rank) => (rank[role] >= rank[rule.role] ? allowed : 403);
      return [at('admin'), at('editor'), at('viewer'), 404, 401];
    }
  }
}

/** A row to paste for a route the table lacks. */
function suggestRow(route: RouteEntry): string {
  const write = route.method !== 'GET';
  const statuses = impliedStatuses(route.access, write ? 400 : 200);
  const extra = write ? ', body: BAD_BODY' : '';
  return `  { route: '${routeKey(route)}', expect: [${statuses.join(', ')}]${extra} },`;
}

function fillUrl(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}: give the row a params entry`);
    return encodeURIComponent(value);
  });
}

const resolve = async <T>(value: Maybe<T> | undefined, ctx: CallContext): Promise<T | undefined> =>
  typeof value === 'function' ? await (value as (ctx: CallContext) => T | Promise<T>)(ctx) : value;

let server: TestServer;
let analytics: AnalyticsEngine;
const tokens = new Map<Who, string | null>();

async function signInEveryone(): Promise<Map<Who, string | null>> {
  const fresh = new Map<Who, string | null>([['anonymous', null]]);
  for (const who of WHO) if (who !== 'anonymous') fresh.set(who, await signInAs(server.app, ACCOUNT[who]));
  return fresh;
}

beforeAll(async () => {
  // A small in-memory event store so Dragon Merge (Android) has Analyze enabled and reports really run.
  analytics = await openAnalytics({ threads: 1 });
  const range = await analytics.generate({
    appId: DEMO_APP_IDS.dragonMergeAndroid,
    days: 14,
    events: 3_000,
    seed: 7,
    platforms: ['ANDROID'],
  });
  server = await createTestServer({ providers: { analytics } });
  // …and its BigQuery plugin has that processed data, the one rule for "Analyze is enabled".
  await server.db
    .updateTable('plugins')
    .set({ data_start: range.start, data_end: range.end })
    .where('app_id', '=', DEMO_APP_IDS.dragonMergeAndroid)
    .where('type', '=', 'BigQuery')
    .execute();
  for (const [who, token] of await signInEveryone()) tokens.set(who, token);
});
afterAll(async () => {
  await server?.close();
  await analytics?.close();
});

describe('authorization matrix', () => {
  test('every registered route has exactly one row, and every row a registered route', () => {
    const registered = server.app.questboard.routeTable;
    const rows = MATRIX.map((r) => r.route);
    const duplicates = rows.filter((r, i) => rows.indexOf(r) !== i);
    const missing = registered.filter((r) => !rows.includes(routeKey(r)));
    const stale = rows.filter((r) => !registered.some((reg) => routeKey(reg) === r));
    const problems = [
      ...(missing.length
        ? [`Routes missing from MATRIX (suggested rows, check them):\n${missing.map(suggestRow).join('\n')}`]
        : []),
      ...(stale.length ? [`Rows naming no registered route: ${stale.join(', ')}`] : []),
      ...(duplicates.length ? [`Duplicate rows: ${duplicates.join(', ')}`] : []),
    ];
    if (problems.length) throw new Error(problems.join('\n\n'));
  });

  for (const row of MATRIX) {
    describe(row.route, () => {
      let rowTokens = tokens;
      if (row.freshSessions) beforeAll(async () => void (rowTokens = await signInEveryone()));

      WHO.forEach((who, index) => {
        const expected = row.expect[index]!;
        test(`${who} → ${expected}`, async () => {
          const [method, pattern] = row.route.split(' ') as [string, string];
          const ctx: CallContext = { db: server.db, app: server.app, who };
          const params = { ...DEFAULT_PARAMS, ...(await resolve(row.params, ctx)) };
          const query = await resolve(row.query, ctx);
          const body = await resolve(row.body, ctx);
          const token = rowTokens.get(who) ?? null;
          const headers: Record<string, string> = {
            ...(await resolve(row.headers, ctx)),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          };
          if (body !== undefined) headers['content-type'] = 'application/json';
          const res = await server.app.inject({
            method: method as 'GET',
            url: fillUrl(pattern, params),
            query,
            headers,
            payload: body === undefined ? undefined : JSON.stringify(body),
          });
          expect(res.statusCode, `${row.route} as ${who}: ${res.body.slice(0, 300)}`).toBe(expected);
          if (expected === 403)
            expect(res.json()).toMatchObject({ success: false, code: 'access_missing_role_for_action' });
          if (expected === 404 && who === 'otherWorkspaceMember')
            expect(res.json()).toMatchObject({ success: false, code: 'not_found' });
        });
      });
    });
  }
});

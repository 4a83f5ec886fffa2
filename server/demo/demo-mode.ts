/**
 * The demo switch (DEMO=on|off, server/config.ts) at start, and the removal of the demo from a database.
 *
 *  - DEMO=on (`npm start`'s default): the demo workspaces, their accounts (publicly known passwords, README) and the
 *    demo data are seeded and completed (resumable: server/demo/demo-data.ts), then a crowd of players plays the demo's
 *    live quests once (marker `demo-crowd`), only on the demo workspace's app.
 *  - DEMO=off: nothing is seeded; a first admin comes from `npm run admin:create`.
 *  - NODE_ENV=production refuses to start while a demo account exists (or with DEMO=on), naming `npm run demo:remove`.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Analytics } from '../analytics/index';
import { DEMO_ACCOUNTS, DEMO_APP_IDS, DEMO_PASSWORD, DEMO_WORKSPACE_ID, RIVAL_WORKSPACE_ID } from './seed';
import { DEMO_EVENT_APPS, demoEventsMarker, ensureDemoData } from './demo-data';
import { DEMO_PROMO_CODES } from '../areas/billing/index';
import { INTEGRATIONS_DEMO_MARKER, seedIntegrationsDemo } from '../areas/integrations/index';
import { seedFirebaseDemo } from '../areas/integrations/index';
import { ADJUST_DEMO_MARKER, seedAdjustDemo } from '../areas/integrations/index';
import { simulatePlayers } from './players';
import type { FraudKind } from './crowd';

/** The demo crowd's fraud: players sharing one device, and a replayed postback (where a quest repeats an event). */
const DEMO_FRAUD: readonly FraudKind[] = ['shared_device', 'replay'];

export const DEMO_CROWD_MARKER = 'demo-crowd';
const DEMO_WORKSPACES = [DEMO_WORKSPACE_ID, RIVAL_WORKSPACE_ID];
const DEMO_EMAILS: string[] = Object.values(DEMO_ACCOUNTS);
const DEMO_MARKERS = [
  ...DEMO_EVENT_APPS.map((app) => demoEventsMarker(app.id)),
  INTEGRATIONS_DEMO_MARKER,
  ADJUST_DEMO_MARKER,
  DEMO_CROWD_MARKER,
];

/** Why the server does not start (printed alone, exit code 1). */
export class StartRefused extends Error {}

export const DEMO_IN_PRODUCTION = [
  'Refusing to start: NODE_ENV=production with DEMO=on would seed demo accounts whose passwords are public.',
  'Start with DEMO=off (create the first admin with `npm run admin:create -- --email you@example.com --workspace "Your Studio"`).',
].join('\n');
export const demoAccountsInProduction = (emails: readonly string[]) =>
  [
    `Refusing to start: NODE_ENV=production and this database holds demo accounts with public passwords (${emails.join(', ')}).`,
    'Remove the demo workspaces and accounts with `npm run demo:remove` (stop the server first; DATABASE_URL or DATA_DIR as for the server), then start again with DEMO=off.',
  ].join('\n');

/** The demo accounts present in the database (by their e-mails). */
export async function demoAccountsIn(db: Kysely<Database>): Promise<string[]> {
  return (
    await db.selectFrom('accounts').select('email').where('email', 'in', DEMO_EMAILS).orderBy('email').execute()
  ).map((row) => row.email);
}

export interface StartDataOptions {
  demo: boolean;
  production: boolean;
  /** Demo game events (DEMO_EVENTS). */
  totalEvents?: number;
  log: (line: string) => void;
}

/** What a start does to the data before serving: refuse production with demo accounts; with DEMO=on, the demo. */
export async function prepareStartData(
  db: Kysely<Database>,
  analytics: Analytics | null,
  options: StartDataOptions,
): Promise<void> {
  if (options.production) {
    if (options.demo) throw new StartRefused(DEMO_IN_PRODUCTION);
    const present = await demoAccountsIn(db);
    if (present.length > 0) throw new StartRefused(demoAccountsInProduction(present));
  }
  if (!options.demo) return;
  if (!analytics) throw new Error('The demo needs the analytics engine (its game events).');
  // First start (or one that was interrupted): the demo workspace, the demo game events and their plugins.
  await ensureDemoData(db, analytics, { totalEvents: options.totalEvents, log: options.log });
  await seedIntegrationsDemo(db); // credentials and feeds of the demo plugins
  await seedFirebaseDemo(db); // Word Garden's Firebase plugin targets the sandbox project
  await seedAdjustDemo(db); // Dragon Merge (Android) connected to Adjust, waiting for its first callback
}

/**
 * A fresh demo shows real quest numbers: once per database (marker `demo-crowd`, claimed before playing, so a start
 * killed meanwhile never plays again and makes no second s2s key), `players` players play the live quests of Dragon
 * Merge (iOS) through the real s2s and postback endpoints, exactly as `npm run players:simulate` does. Only while that
 * app belongs to the demo workspace; a database whose demo quests already have players (an upgrade) is only marked.
 */
export async function playDemoCrowdOnce(
  db: Kysely<Database>,
  options: { url: string; players: number; keyFile?: string; log(line: string): void },
): Promise<void> {
  if (!(options.players > 0)) return;
  const appId = DEMO_APP_IDS.dragonMergeIos;
  const app = await db
    .selectFrom('apps')
    .select('id')
    .where('id', '=', appId)
    .where('workspace_id', '=', DEMO_WORKSPACE_ID)
    .executeTakeFirst();
  if (!app) return;
  const claimed = await db
    .insertInto('seed_markers')
    .values({ name: DEMO_CROWD_MARKER })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (!claimed) return;
  const played = await db
    .selectFrom('quest_player_events')
    .select('quest_id')
    .where('app_id', '=', appId)
    .limit(1)
    .executeTakeFirst();
  if (played) return;
  await simulatePlayers({
    url: options.url,
    appId,
    players: options.players,
    seed: 1,
    email: DEMO_ACCOUNTS.admin,
    password: DEMO_PASSWORD,
    keyFile: options.keyFile,
    // A few fraudulent players, so the Held completions tab has something to review (docs/acquire.md §Fraud holds).
    fraud: DEMO_FRAUD,
    log: (line) => options.log(`[demo players] ${line}`),
  }).catch((error: unknown) =>
    options.log(`[demo players] not played: ${error instanceof Error ? error.message : String(error)}`),
  );
}

/**
 * `npm run demo:remove`: the demo workspaces (with everything of theirs: apps, plugins, quests, billing…), the demo
 * accounts, their stored images and the demo's markers, in one transaction; the demo promo codes are expired (and
 * deleted when no other workspace used them). The analytics store keeps the demo apps' events, unreachable.
 * Answers what was removed.
 */
export async function removeDemo(
  db: Kysely<Database>,
  now = new Date(),
): Promise<{ workspaces: number; accounts: number }> {
  return db.transaction().execute(async (trx) => {
    const workspaces = await trx
      .selectFrom('workspaces')
      .select(['id', 'icon_file_id'])
      .where('id', 'in', DEMO_WORKSPACES)
      .execute();
    const apps = await trx
      .selectFrom('apps')
      .select(['id', 'image_file_id'])
      .where('workspace_id', 'in', DEMO_WORKSPACES)
      .execute();
    const details = apps.length
      ? await trx
          .selectFrom('cms_app_details')
          .select(['screenshot_file_ids', 'background_file_id'])
          .where(
            'app_id',
            'in',
            apps.map((a) => a.id),
          )
          .execute()
      : [];
    const files = [
      ...workspaces.map((w) => w.icon_file_id),
      ...apps.map((a) => a.image_file_id),
      ...details.flatMap((d) => [...d.screenshot_file_ids, d.background_file_id]),
    ].filter((id): id is string => !!id);
    await trx.deleteFrom('workspaces').where('id', 'in', DEMO_WORKSPACES).execute();
    const accounts = await trx.deleteFrom('accounts').where('email', 'in', DEMO_EMAILS).returning('id').execute();
    if (files.length) await trx.deleteFrom('files').where('id', 'in', files).execute();
    const codes = Object.values(DEMO_PROMO_CODES);
    await trx.updateTable('billing_promo_codes').set({ expires_at: now }).where('code', 'in', codes).execute();
    const used = new Set([
      ...(await trx.selectFrom('billing_promo_redemptions').select('code').where('code', 'in', codes).execute()).map(
        (r) => r.code,
      ),
      ...(await trx.selectFrom('billing_credits').select('promo_code').where('promo_code', 'in', codes).execute()).map(
        (r) => r.promo_code,
      ),
    ]);
    const unused = codes.filter((code) => !used.has(code));
    if (unused.length) await trx.deleteFrom('billing_promo_codes').where('code', 'in', unused).execute();
    await trx.deleteFrom('seed_markers').where('name', 'in', DEMO_MARKERS).execute();
    return { workspaces: workspaces.length, accounts: accounts.length };
  });
}

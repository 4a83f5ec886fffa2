/**
 * Child process for tests/server/domain-events.test.ts: opens the embedded database the way `npm start` does (PGlite
 * in a worker thread, in the folder given as argv[2]), migrates and seeds it, and builds the server with delivery
 * after commit switched off, so its domain events wait in the outbox exactly as they would if the process died
 * between the commit and the delivery. Then a quest step is completed by an AppsFlyer postback (a quest published
 * with a high cap, a player who started it), and `committed <chargeId>` is printed once the postback was answered.
 * The test then kills this process with SIGKILL.
 */
import { openDatabase } from '../../server/db/connect';
import { buildApp, migrate } from '../../server/app';
import { testConfig } from '../../server/config';
import { seedDemo } from '../../server/demo/seed';
import { ACQUIRE_DEMO_APP } from '../../server/areas/acquire/seed';
import { postbackUrl } from '../../server/areas/postbacks/postbacks';
import type { ServerContext } from '../../server/context';

const handle = await openDatabase({ dataDir: process.argv[2] });
await migrate(handle.db);
await seedDemo(handle.db);
const app = await buildApp({ config: testConfig(), db: handle.db, events: { deliverAfterCommit: false } });
const ctx = (app as unknown as { questboard: ServerContext }).questboard;

const questId = 'q_outbox_kill';
const definition = {
  name: 'Outbox quest',
  countries: ['US'],
  dailyCap: 100,
  steps: [{ eventName: 'af_tutorial_completion', payout: 0.4, condition: null }],
};
await handle.db
  .insertInto('quests')
  .values({
    id: questId,
    app_id: ACQUIRE_DEMO_APP,
    status: 'LIVE',
    active: JSON.stringify(definition),
    draft: null,
    published_at: new Date(),
  })
  .execute();
await handle.db
  .insertInto('quest_player_events')
  .values({
    app_id: ACQUIRE_DEMO_APP,
    event_id: 'outbox-start',
    quest_id: questId,
    player_id: 'outbox-player',
    kind: 'start',
    at: new Date(),
  })
  .execute();

const url = new URL(await postbackUrl(ctx, ACQUIRE_DEMO_APP, 'appsflyer'));
const answer = await app.inject({
  method: 'GET',
  url: url.pathname,
  query: {
    event_name: 'af_tutorial_completion',
    event_time: '2026-11-25 08:00:00',
    idfa: 'AEBE52E7-03EE-455A-B3C4-E57283966239',
    af_sub1: 'outbox-player',
    af_sub3: questId,
  },
});
if (answer.statusCode !== 200) throw new Error(`postback answered ${answer.statusCode}: ${answer.body}`);
const step = await handle.db
  .selectFrom('quest_step_completions')
  .select('charge_id')
  .where('quest_id', '=', questId)
  .executeTakeFirstOrThrow();
process.stdout.write(`committed ${step.charge_id}\n`);
// Wait for the SIGKILL, delivering nothing.
setInterval(() => {}, 60_000);

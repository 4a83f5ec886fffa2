/**
 * `npm run events:generate -- --app <id> --days <n> --events <count> --seed <s>`: (re)generates an app's synthetic
 * game events in the embedded DuckDB event store (DATA_DIR/events.duckdb), deterministically from the seed, in SQL
 * (server/analytics/generator.ts), then rebuilds its daily metrics.
 *
 * Options: --end YYYY-MM-DD (last day, default today UTC), --platform android|ios|both (default both),
 * --data-dir <dir> (default $DATA_DIR or ./data). Stop the server first: DuckDB lets one process write the file.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openAnalytics } from '../server/analytics/index';
import { isIsoDate } from '../src/contracts/analyze';

const usage =
  'usage: npm run events:generate -- --app <id> --days <n> --events <count> --seed <s> [--end YYYY-MM-DD] [--platform android|ios|both] [--data-dir <dir>]';

async function main() {
  const { values } = parseArgs({
    options: {
      app: { type: 'string' },
      days: { type: 'string', default: '90' },
      events: { type: 'string', default: '1000000' },
      seed: { type: 'string', default: '1' },
      end: { type: 'string' },
      platform: { type: 'string', default: 'both' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || !values.app) {
    console.log(usage);
    process.exit(values.help ? 0 : 2);
  }
  const days = Number(values.days);
  const events = Number(values.events);
  const seed = Number(values.seed);
  const platforms = { android: ['ANDROID'], ios: ['IOS'], both: ['ANDROID', 'IOS'] }[values.platform as string] as
    ('ANDROID' | 'IOS')[] | undefined;
  if (
    !Number.isInteger(days) ||
    days < 1 ||
    !Number.isFinite(events) ||
    events < 1 ||
    !Number.isSafeInteger(seed) ||
    !platforms ||
    (values.end !== undefined && !isIsoDate(values.end))
  ) {
    console.error(usage);
    process.exit(2);
  }
  const dataDir = path.resolve(values['data-dir'] ?? process.env.DATA_DIR ?? './data');
  let engine;
  try {
    engine = await openAnalytics({ dataDir, queryTimeoutMs: 0 });
  } catch (error) {
    console.error(
      `Cannot open ${path.join(dataDir, 'events.duckdb')}: ${(error as Error).message}\nIs the server running? Stop it first.`,
    );
    process.exit(1);
  }
  try {
    console.log(
      `Generating ~${events.toLocaleString('en-US')} events over ${days} days for ${values.app} (seed ${seed})…`,
    );
    const result = await engine.generate({ appId: values.app, days, events, seed, endDate: values.end, platforms });
    console.log(
      `${result.events.toLocaleString('en-US')} events, ${result.users.toLocaleString('en-US')} users, ` +
        `${result.start} to ${result.end}, in ${(result.ms / 1000).toFixed(1)} s → ${path.join(dataDir, 'events.duckdb')}`,
    );
  } finally {
    await engine.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

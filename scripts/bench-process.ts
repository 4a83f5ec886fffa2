/**
 * npm run bench:process [-- --events 10000000 --memory 512MB]: Process Data on the embedded engine.
 * Builds once (cached in .bench/process) a raw Firebase export of about `events` events over 90 days in the exact
 * BigQuery export schema (server/analytics/raw-export.ts), then times processRange over the whole range (flatten into
 * `events`, rebuild `daily_user_metrics`) and prints the time, events per second and peak memory (the process's peak
 * RSS, and DuckDB's own peak use against its memory_limit), then runs the default report over the processed range.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openAnalytics } from '../server/analytics/index';
import { exportRange, processRange, writeSandboxExport } from '../server/analytics/raw-export';
import { compileReport } from '../server/analytics/compiler';

const { values: args } = parseArgs({
  options: { events: { type: 'string', default: '10000000' }, memory: { type: 'string', default: '512MB' } },
});
const DIR = path.resolve('.bench/process');
const APP = 'bench-process';
const END = '2025-06-30';

async function main() {
  fs.mkdirSync(DIR, { recursive: true });
  const engine = await openAnalytics({ dataDir: DIR, memoryLimit: args.memory, queryTimeoutMs: 60_000 });
  try {
    let raw = await exportRange(engine.store, APP);
    if (!raw || Math.abs(raw.events - Number(args.events)) > Number(args.events) * 0.1) {
      console.log(`writing a raw export of about ${Number(args.events).toLocaleString('en-US')} events (once)…`);
      const started = Date.now();
      await writeSandboxExport(engine.store, {
        appId: APP,
        platform: 'android',
        packageName: 'dev.bench.process',
        events: Number(args.events),
        days: 90,
        seed: 11,
        endDate: END,
      });
      await engine.store.run('CHECKPOINT');
      raw = await exportRange(engine.store, APP);
      console.log(`  written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } else {
      console.log(`cached: ${raw.events.toLocaleString('en-US')} raw events`);
    }
    let duckPeak = 0;
    const sampler = setInterval(() => {
      void engine.store
        .rows('SELECT sum(memory_usage_bytes) AS b FROM duckdb_memory()', undefined, undefined, { timeoutMs: 0 })
        .then(([row]) => {
          duckPeak = Math.max(duckPeak, Number(row?.b ?? 0));
        })
        .catch(() => {});
    }, 200);
    const started = performance.now();
    const result = await processRange(engine.store, { appId: APP, dataset: APP, start: raw!.start, end: raw!.end });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rssMb = process.resourceUsage().maxRSS / 1024;
    console.log(
      `processed ${result.events.toLocaleString('en-US')} raw events (${raw!.start} to ${raw!.end}) in ${seconds.toFixed(1)} s`,
    );
    console.log(`  ${Math.round(result.events / seconds).toLocaleString('en-US')} events/s`);
    console.log(
      `  peak memory: process RSS ${rssMb.toFixed(0)} MB; DuckDB ${(duckPeak / 1e6).toFixed(0)} MB sampled (memory_limit ${args.memory})`,
    );

    const report = compileReport({
      appId: APP,
      available: result.range!,
      today: END,
      report: {
        model_id: 'daily_metrics',
        configuration: {
          select: ['new_users', 'new_users_per', 'retention_d1'].map((column_name) => ({
            column_name,
            id: column_name,
            data_type: 'FLOAT64' as const,
            format: 'decimal',
          })),
          group_by: [{ column_name: 'date', data_type: 'DATE', sample_value: null }],
          date_range: [{ date_start: result.range!.start, date_end: result.range!.end }],
        },
      },
    });
    const reportStarted = performance.now();
    const rows = await engine.duckdb.run(report);
    console.log(
      `default report over the processed range: ${rows.length} rows in ${(performance.now() - reportStarted).toFixed(0)} ms`,
    );
  } finally {
    await engine.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

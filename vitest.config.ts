// Test tiers (ARCHITECTURE.md): unit, model (xstate/graph paths), server (app.inject on PGlite or PostgreSQL).
import { defineConfig } from 'vitest/config';

/**
 * Files share their worker's module graph (the server, Fastify, DuckDB, XState…) instead of importing it anew: the
 * imports alone took a third of the server tier and more than half of the model tier. What a test stubs is put back
 * after it (spies, globals, environment variables). docs/engineering/testing.md §Suite time.
 */
const SHARED_MODULES = { isolate: false, restoreMocks: true, unstubGlobals: true, unstubEnvs: true } as const;

export default defineConfig({
  test: {
    // A run that finds no test fails (Vitest's default, stated so nobody flips it): an empty tier proves nothing.
    passWithNoTests: false,
    projects: [
      // DuckDB-backed engine tests build real data: 5 s is too tight on a busy 2-core machine.
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...SHARED_MODULES,
        },
      },
      { test: { name: 'model', include: ['tests/model/**/*.test.ts'], environment: 'node', ...SHARED_MODULES } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // tests/server/embedded-*.test.ts open the embedded database themselves (PGlite, its worker thread, the
          // migration runner on it) and never the test database: the PostgreSQL run would repeat them unchanged.
          exclude: process.env.TEST_DATABASE_URL ? ['tests/server/embedded-*.test.ts'] : [],
          environment: 'node',
          // Two files at a time even on 2 cores (Vitest's default is one fewer than the cores): a file spends much of
          // its time waiting on its database (PostgreSQL's own processes) or on DuckDB's threads, so two overlap well.
          // docs/engineering/testing.md §Suite time.
          maxWorkers: Number(process.env.QUESTBOARD_SERVER_WORKERS) || 2,
          ...SHARED_MODULES,
          // A guard against a hung test, not a speed target: the seed and restart tests start real servers.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

// Test tiers (ARCHITECTURE.md): unit, model (xstate/graph paths), server (app.inject on PGlite or PostgreSQL).
import { defineConfig } from 'vitest/config';

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
        },
      },
      { test: { name: 'model', include: ['tests/model/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

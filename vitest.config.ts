// Test tiers (ARCHITECTURE.md): unit, model (xstate/graph paths), server (app.inject on PGlite or PostgreSQL).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A run that finds no test fails (Vitest's default, stated so nobody flips it): an empty tier proves nothing.
    passWithNoTests: false,
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
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

// Vite builds the SPA into dist/; in development it proxies the API to the Fastify server.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const FRAMEWORK =
  /node_modules[\\/](preact|wouter|regexparam|xstate|@xstate[\\/]react|io-ts|use-sync-external-store)[\\/]/;

/**
 * The browser build renders with Preact through `preact/compat` (React's API, a tenth of react-dom's size), so the
 * first screens fit their 110 kB budget; the code, its types and the unit tests stay on React's API
 * (docs/architecture.md §Performance).
 */
const REACT_ON_PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * The small modules both first screens (sign-in and the apps page) load: one chunk instead of a dozen files of under
 * 2 kB each, whose gzip headers and import lists cost more than their code (docs/architecture.md §Performance).
 */
const SHELL =
  /src[\\/](contracts[\\/](codecs|auth|apps|plugin|plugin-types)|services[\\/](http|notify)|views[\\/](flows[\\/](useFlowActor|useActions)|ui[\\/](Button|lazyOnIntent)|shell[\\/]Logo)|machines[\\/]shared[\\/]notice\.actors)\.tsx?$|vite[\\/]preload-helper/;

const apiPort = Number(process.env.API_PORT ?? 8080);
const api = `http://127.0.0.1:${apiPort}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: REACT_ON_PREACT },
  server: {
    proxy: { '/api': api, '/analytics': api, '/sandbox': api, '/postbacks': api, '/t/': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Every screen needs the framework (React, the router, queries, XState, io-ts): one chunk compresses better
        // than the dozen small ones automatic splitting makes of it (docs/architecture.md §Performance).
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 20 },
            { name: 'shell', test: SHELL, priority: 10 },
          ],
        },
      },
    },
  },
});

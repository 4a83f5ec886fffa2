/**
 * The import rules of docs/architecture.md, checked by dependency-cruiser (`npm run imports`, the `imports` tier of
 * `npm test`; scripts/check-imports.ts runs it and fails when it cruised nothing). Plain CLI use works too:
 *   npx depcruise --config .dependency-cruiser.cjs src server scripts tests *.config.ts
 *
 * Parser: swc (TypeScript 7 has no JS compiler API, so dependency-cruiser's tsc parser is unavailable); see
 * scripts/depcruise-swc-tsx.cjs for the .tsx fix. swc reports `import type` like any import, so the rules below hold
 * for type-only imports too: a layer that may not import a module may not import its types either.
 * Resolution: .ts/.tsx (and .js/.json) through enhanced-resolve, and tsconfig `paths` through tsconfig.json
 * (tests/unit/harness.test.ts proves all three on tests/unit/fixtures/imports).
 *
 * Paths in rules are relative to the repository root, with forward slashes. Every rule says why it exists.
 */
require('./scripts/depcruise-swc-tsx.cjs');

/** npm packages, wherever node_modules is (a worktree's node_modules may be a symlink to another checkout's). */
const npm = (...names) => `(^|/)node_modules/(${names.join('|')})/`;

/**
 * What views may take from src/services: React Query hooks (one `<area>.queries.ts` module per area, holding only
 * `useQuery` hooks and their query keys) and the snackbar store the <Snackbars/> view renders. Browser-local helpers
 * that call no API (result rows, local exports) live in src/lib, which every browser layer may import.
 */
const VIEW_SERVICES = '^src/services/([^/]+[.]queries[.]ts|notify[.]ts)$';

/**
 * One forbidden import: modules matching `from` (but not `fromExcept`) may not import what `to` matches (but not
 * `toExcept`). Either side may be left out (everything). One shape for every layer rule below.
 */
const side = (path, pathNot) => ({ ...(path ? { path } : {}), ...(pathNot ? { pathNot } : {}) });
const forbid = ({ name, comment, from, fromExcept, to, toExcept }) => ({
  name,
  severity: 'error',
  comment,
  from: side(from, fromExcept),
  to: side(to, toExcept),
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // -- general ---------------------------------------------------------------------------------------------------
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'Import cycles anywhere (src, server, scripts, tests) make module order matter (undefined values at start-up), ' +
        'defeat code splitting and mean two modules are really one. Move the shared part into a module both import.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment:
        'Every import must resolve to a file or an installed package. This also guards the checker itself: if ' +
        '.ts/.tsx or tsconfig paths stopped resolving, every rule below would silently see nothing.',
      from: {},
      to: { couldNotResolve: true },
    },

    // -- browser: contracts ----------------------------------------------------------------------------------------
    forbid({
      name: 'contracts-are-pure',
      comment:
        'src/contracts is shared by the SPA and the server: the single source of truth for every request and ' +
        'response. It may import only io-ts, fp-ts, safe-stable-stringify (pure: no I/O, no platform) and other ' +
        'contracts, so the server never pulls browser code and the SPA never pulls server code through it.',
      from: '^src/contracts/',
      toExcept: [`^src/contracts/`, npm('io-ts', 'fp-ts', 'safe-stable-stringify')],
    }),

    // -- browser: machines -----------------------------------------------------------------------------------------
    forbid({
      name: 'machines-no-views',
      comment: 'Machines model lifecycles; views render them. A machine importing a view inverts the layers.',
      from: '^src/machines/',
      to: '^src/views/',
    }),
    forbid({
      name: 'machines-no-react',
      comment:
        'Machines are plain XState, testable with xstate/graph in Node without a renderer. React bindings ' +
        '(react, react-dom, @xstate/react, React Query) belong to views and to the hook that binds a flow.',
      from: '^src/machines/',
      to: npm('react', 'react-dom', '@xstate/react', '@tanstack/react-query'),
    }),
    forbid({
      name: 'only-actors-bind-services',
      comment:
        'One way to bind a flow: `<flow>.machine.ts` (setup + chart), `<flow>.selectors.ts` and any helper stay ' +
        'pure and import no service, query client or notifier (all in src/services or src/queryClient.ts); only ' +
        '`<flow>.actors.ts` provides them. Keeps machines testable with fake actors and their side effects in ' +
        'one visible place.',
      from: '^src/machines/',
      fromExcept: '[.]actors[.]ts$',
      to: '^src/(services/|queryClient[.]ts$)',
    }),
    forbid({
      name: 'routes-only-in-router',
      comment:
        'src/routes.ts holds the lazy views of every URL; importing it anywhere but the router drags every view ' +
        'into that module (and into cycles). Machines and services take URL patterns and links from src/paths.ts.',
      fromExcept: '^src/(views/AppRouter[.]tsx|main[.]tsx)$',
      to: '^src/routes[.]ts$',
    }),

    // -- browser: views --------------------------------------------------------------------------------------------
    forbid({
      name: 'views-only-query-hooks',
      comment:
        'Views are thin: they read view models from selectors and send events; they never call fetch or a service. ' +
        'From src/services they may import only React Query hooks (`src/services/<area>.queries.ts`) for plain ' +
        'reads and the snackbar store (`src/services/notify.ts`) - never src/services/http.ts or an ' +
        '`<area>.service.ts`. Mutations are lifecycles: they go through a machine.',
      // The Google sign-in pop-up's callback page runs alone (no router, no flows): it hands the token to its opener.
      from: '^src/views/',
      fromExcept: '^src/views/analyze/OAuthCallbackPage[.]tsx$',
      to: '^src/services/',
      toExcept: VIEW_SERVICES,
    }),
    forbid({
      name: 'lib-calls-no-api',
      comment:
        'src/lib holds browser-local helpers any layer may use (result rows, local exports): they call no API and ' +
        'know no flow or view, so from src/services they take only the snackbar store.',
      from: '^src/lib/',
      to: '^src/(services/|machines/|views/|queryClient[.]ts$)',
      toExcept: '^src/services/notify[.]ts$',
    }),

    // -- browser / server split ------------------------------------------------------------------------------------
    forbid({
      name: 'browser-not-server',
      comment: 'Browser code is bundled by Vite: anything from server/ would ship server code (and secrets) to users.',
      from: '^src/',
      to: '^server/',
    }),
    forbid({
      name: 'server-only-contracts-from-src',
      comment:
        'The server shares only the contracts with the browser; views, machines and services are browser code ' +
        '(DOM, React) and have no place in a Node process.',
      from: '^server/',
      to: '^src/',
      toExcept: '^src/contracts/',
    }),

    // -- server areas (docs/architecture.md §Areas and their doors) -------------------------------------------------
    {
      name: 'area-doors',
      severity: 'error',
      comment:
        'A server area (server/areas/<area>/) imports another area only through its index.ts, the door that names ' +
        'what the area offers; what an area must learn from another one’s change arrives as a domain event.',
      from: { path: '^server/areas/([^/]+)/' },
      to: { path: '^server/areas/', pathNot: '^server/areas/($1/|[^/]+/index[.]ts$)' },
    },
    forbid({
      name: 'composition-uses-doors',
      comment:
        'Outside the areas, the server (server/areas.ts, app.ts, main.ts, the demo) reaches an area through its ' +
        'index.ts too; only the database type (server/db/schema.ts) composes the areas’ table types.',
      from: '^server/',
      fromExcept: '^server/areas/|^server/db/schema[.]ts$',
      to: '^server/areas/',
      toExcept: '^server/areas/[^/]+/index[.]ts$',
    }),
    forbid({
      name: 'infrastructure-knows-no-area',
      comment:
        'Shared infrastructure (http, db, jobs, events, providers, the analytics engine, config, log, errors) serves ' +
        'every area and imports none of them; server/db/schema.ts only composes their table types.',
      from: '^server/(http|db|jobs|events|providers|analytics|auth)/|^server/(config|errors|log|short-cache|context)[.]ts$',
      fromExcept: '^server/db/schema[.]ts$',
      to: '^server/areas/',
    }),
    forbid({
      name: 'schema-composes-tables-only',
      comment: 'server/db/schema.ts takes only the table types of an area (its schema or migrations module).',
      from: '^server/db/schema[.]ts$',
      to: '^server/areas/',
      toExcept: '^server/areas/.+(schema|migrations)[.]ts$',
    }),
    forbid({
      name: 'area-logic-not-http',
      comment:
        'An area’s rules and transactions are callable from routes, jobs, reactions and tests alike and know nothing ' +
        'of HTTP; only its routes modules (routes.ts, <part>.routes.ts) use server/http.',
      from: '^server/areas/',
      fromExcept: '/routes[.]ts$|[.]routes[.]ts$',
      to: '^server/http/',
    }),
  ],
  options: {
    // Our sources only; packages are resolved (rules name them) but not crawled.
    doNotFollow: { path: 'node_modules' },
    // The import checker's own fixture breaks rules on purpose (tests/unit/harness.test.ts).
    exclude: { path: '^tests/unit/fixtures/imports/' },
    parser: 'swc',
    moduleSystems: ['es6', 'cjs'],
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      // '.d.ts' last: a package's types-only module (no JS beside it, imported with `import type`), e.g.
      // @google-cloud/bigquery/build/src/types, which types the recorded BigQuery responses (tests/fixtures/vendor-typed).
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      // "exports" and "import"/"require" conditions as Node and Vite use them.
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

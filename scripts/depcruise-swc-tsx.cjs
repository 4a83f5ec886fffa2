/**
 * Lets dependency-cruiser's swc parser read JSX. dependency-cruiser 17 parses every file with swc's
 * `syntax: "typescript"` and never sets `tsx` (its src/extract/swc/parse.mjs; upstream issue
 * sverweij/dependency-cruiser#1081, fixed by #1086 after 17.x), so the first .tsx file with JSX aborts the whole run.
 * We keep 17 (Node 20) and swc (TypeScript 7 has no JS API for its tsc parser), and pass `tsx: true` for .tsx/.jsx
 * files only: `<T>value` casts in .ts files must still parse as casts.
 *
 * Required by .dependency-cruiser.cjs, so the CLI (`npx depcruise`) and scripts/check-imports.ts both get it. It
 * patches the shared @swc/core module object, which dependency-cruiser reads at call time. Remove it when
 * dependency-cruiser with #1086 can be installed.
 */
const swc = require('@swc/core');

const PATCHED = Symbol.for('questboard.depcruise-swc-tsx');

if (!swc[PATCHED]) {
  const parseFileSync = swc.parseFileSync;
  swc.parseFileSync = (path, options) =>
    parseFileSync(path, /\.[jt]sx$/.test(String(path)) ? { ...options, tsx: true } : options);
  swc[PATCHED] = true;
}

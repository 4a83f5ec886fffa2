// A Node ESM resolve hook for the Playwright process (registered by playwright.config.ts): `fp-ts/Either` and the
// other fp-ts directory imports of src/ (which Vite and tsx resolve through the folder's package.json) become the
// files Node's ESM resolver can load, so end-to-end specs can import the machines (tests/e2e/model-paths).
export async function resolve(specifier, context, next) {
  const folder = /^fp-ts\/([A-Za-z]+)$/.exec(specifier);
  return next(folder ? `fp-ts/lib/${folder[1]}.js` : specifier, context);
}

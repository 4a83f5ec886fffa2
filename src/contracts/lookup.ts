/**
 * Lookup tables that a user's words may index: null-prototype objects, so `TABLE[word]` is undefined for
 * `__proto__`, `constructor`, `toString`, `hasOwnProperty`… (a plain object literal answers Object.prototype's
 * members for those) and `word in TABLE` is true only for the table's own keys. Frozen: a table is never written.
 *
 *   const UNIT_DAYS = lookupTable({ day: 1, week: 7 });   // UNIT_DAYS['constructor'] === undefined
 *
 * Pure: the SPA and the server share it.
 */
export function lookupTable<const R extends Record<string, unknown>>(entries: R): R {
  return Object.freeze(Object.assign(Object.create(null) as R, entries));
}

/**
 * Values a server reuses for a short while instead of asking the database on every request (a burst of postbacks
 * then reads once): one map per server (per ServerContext config, so test servers in one process never share), each
 * entry kept `ttlMs` by the server's clock (ctx.now). What was looked up on another server is seen at most `ttlMs`
 * later; a change made on this server can `forget` at once. Requests that miss together share one load (a burst of 50
 * postbacks arriving as an entry expires reads once, not 50 times: docs/postbacks.md §Postback benchmark).
 */
import type { ServerContext } from './context';

export interface ShortCache<V> {
  /** The cached value of `key`, or `load()`'s, kept when `keep(value)` (default: always). */
  get(ctx: ServerContext, key: string, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V>;
  /** Drops the entries whose key `matches`. */
  forget(ctx: ServerContext, matches: (key: string) => boolean): void;
}

export function shortCache<V>(ttlMs: number): ShortCache<V> {
  interface Entries {
    kept: Map<string, { at: number; value: V }>;
    /** Loads in flight: a caller missing meanwhile waits for the same one. */
    loading: Map<string, Promise<V>>;
  }
  const byServer = new WeakMap<object, Entries>();
  const entriesOf = (ctx: ServerContext) => {
    let entries = byServer.get(ctx.config);
    if (!entries) byServer.set(ctx.config, (entries = { kept: new Map(), loading: new Map() }));
    return entries;
  };
  return {
    get(ctx, key, load, keep = () => true) {
      const { kept, loading } = entriesOf(ctx);
      const now = ctx.now().getTime();
      const cached = kept.get(key);
      if (cached && now - cached.at < ttlMs) return Promise.resolve(cached.value);
      const pending = loading.get(key);
      if (pending) return pending;
      const loaded = load().then(
        (value) => {
          // A load forgotten meanwhile (a change on this server) answers its callers but is not kept.
          if (loading.get(key) === loaded) {
            loading.delete(key);
            if (keep(value)) kept.set(key, { at: now, value });
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === loaded) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, loaded);
      return loaded;
    },
    forget(ctx, matches) {
      const { kept, loading } = entriesOf(ctx);
      for (const key of kept.keys()) if (matches(key)) kept.delete(key);
      for (const key of loading.keys()) if (matches(key)) loading.delete(key);
    },
  };
}

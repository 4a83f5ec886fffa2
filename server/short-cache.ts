/**
 * Values a server reuses for a short while instead of asking the database on every request (a burst of postbacks
 * then reads once): one map per server (per ServerContext config, so test servers in one process never share), each
 * entry kept `ttlMs` by the server's clock (ctx.now). What was looked up on another server is seen at most `ttlMs`
 * later; a change made on this server can `forget` at once.
 */
import type { ServerContext } from './context';

export interface ShortCache<V> {
  /** The cached value of `key`, or `load()`'s, kept when `keep(value)` (default: always). */
  get(ctx: ServerContext, key: string, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V>;
  /** Drops the entries whose key `matches`. */
  forget(ctx: ServerContext, matches: (key: string) => boolean): void;
}

export function shortCache<V>(ttlMs: number): ShortCache<V> {
  const byServer = new WeakMap<object, Map<string, { at: number; value: V }>>();
  const mapOf = (ctx: ServerContext) => {
    let map = byServer.get(ctx.config);
    if (!map) byServer.set(ctx.config, (map = new Map()));
    return map;
  };
  return {
    async get(ctx, key, load, keep = () => true) {
      const map = mapOf(ctx);
      const now = ctx.now().getTime();
      const cached = map.get(key);
      if (cached && now - cached.at < ttlMs) return cached.value;
      const value = await load();
      if (keep(value)) map.set(key, { at: now, value });
      return value;
    },
    forget(ctx, matches) {
      const map = mapOf(ctx);
      for (const key of map.keys()) if (matches(key)) map.delete(key);
    },
  };
}

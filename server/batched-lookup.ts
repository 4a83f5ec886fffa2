/**
 * One question asked of many keys at once: requests that ask it together (a burst of postbacks, each asking "has this
 * player a recent quest start?") share one query over all their keys instead of one query each
 * (docs/postbacks.md §Postback benchmark). As the postback writer groups its INSERTs: a key asked while no query of
 * its group is in flight is asked at once (nothing waits for a timer); keys asked meanwhile wait and then go together
 * (at most IN_FLIGHT queries in flight per server and group, MAX_KEYS keys each). Each caller gets the answer for its
 * own key, read no earlier than it asked; a failed query fails the callers of that query only.
 */
import type { ServerContext } from './context';

const IN_FLIGHT = 2;
const MAX_KEYS = 250;

interface Waiting {
  key: string;
  resolve(found: boolean): void;
  reject(error: unknown): void;
}
interface Group {
  queue: Waiting[];
  inFlight: number;
}

/** `run(ctx, group, keys)` answers the keys (of `keys`) that are found; the lookup asks it for a batch of keys. */
export function batchedLookup(
  run: (ctx: ServerContext, group: string, keys: string[]) => Promise<Iterable<string>>,
): (ctx: ServerContext, group: string, key: string) => Promise<boolean> {
  const byServer = new WeakMap<object, Map<string, Group>>();

  const pump = (ctx: ServerContext, groups: Map<string, Group>, name: string, group: Group) => {
    while (group.inFlight < IN_FLIGHT && group.queue.length > 0) {
      const batch = group.queue.splice(0, MAX_KEYS);
      group.inFlight += 1;
      void run(ctx, name, [...new Set(batch.map((waiting) => waiting.key))])
        .then(
          (found) => {
            const set = new Set(found);
            for (const waiting of batch) waiting.resolve(set.has(waiting.key));
          },
          (error: unknown) => {
            for (const waiting of batch) waiting.reject(error);
          },
        )
        .finally(() => {
          group.inFlight -= 1;
          if (group.inFlight === 0 && group.queue.length === 0) groups.delete(name);
          else pump(ctx, groups, name, group);
        });
    }
  };

  return (ctx, name, key) =>
    new Promise<boolean>((resolve, reject) => {
      let groups = byServer.get(ctx.config);
      if (!groups) byServer.set(ctx.config, (groups = new Map()));
      let group = groups.get(name);
      if (!group) groups.set(name, (group = { queue: [], inFlight: 0 }));
      group.queue.push({ key, resolve, reject });
      pump(ctx, groups, name, group);
    });
}

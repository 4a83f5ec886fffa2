// The short cache's shared loads and the batched lookup (docs/postbacks.md §Postback benchmark): requests that ask
// together read once, each gets its own answer, a forget or a failure is not kept.
import { describe, expect, it } from 'vitest';
import { shortCache } from '../../../server/short-cache';
import { batchedLookup } from '../../../server/batched-lookup';
import type { ServerContext } from '../../../server/context';

const serverAt = (clock: { now: number }) =>
  ({ config: {}, now: () => new Date(clock.now) }) as unknown as ServerContext;
const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('shortCache', () => {
  it('shares one load among the callers that miss together, then keeps it for its time', async () => {
    const clock = { now: 0 };
    const ctx = serverAt(clock);
    const cache = shortCache<number>(1000);
    let loads = 0;
    const gate = deferred<number>();
    const load = () => ((loads += 1), gate.promise);
    const together = Array.from({ length: 50 }, () => cache.get(ctx, 'a', load));
    gate.resolve(7);
    expect(await Promise.all(together)).toEqual(Array(50).fill(7));
    expect(loads).toBe(1);
    expect(await cache.get(ctx, 'a', () => Promise.resolve(8))).toBe(7);
    clock.now = 1000;
    expect(await cache.get(ctx, 'a', () => Promise.resolve(8))).toBe(8);
  });

  it('does not keep a load forgotten while in flight, nor a failed one', async () => {
    const ctx = serverAt({ now: 0 });
    const cache = shortCache<string>(1000);
    const gate = deferred<string>();
    const stale = cache.get(ctx, 'app1\u0000x', () => gate.promise);
    cache.forget(ctx, (key) => key.startsWith('app1'));
    const fresh = cache.get(ctx, 'app1\u0000x', () => Promise.resolve('new'));
    gate.resolve('old');
    expect(await stale).toBe('old');
    expect(await fresh).toBe('new');
    expect(await cache.get(ctx, 'app1\u0000x', () => Promise.resolve('later'))).toBe('new');

    await expect(cache.get(ctx, 'b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(ctx, 'b', () => Promise.resolve('up'))).toBe('up');
  });

  it('keeps only what `keep` accepts', async () => {
    const ctx = serverAt({ now: 0 });
    const cache = shortCache<string | null>(1000);
    expect(
      await cache.get(
        ctx,
        'k',
        () => Promise.resolve(null),
        (v) => v !== null,
      ),
    ).toBeNull();
    expect(
      await cache.get(
        ctx,
        'k',
        () => Promise.resolve('x'),
        (v) => v !== null,
      ),
    ).toBe('x');
  });
});

describe('batchedLookup', () => {
  it('asks a lone key at once and the keys asked meanwhile together, per group, each caller its own answer', async () => {
    const ctx = serverAt({ now: 0 });
    const asked: [string, string[]][] = [];
    const gates: ReturnType<typeof deferred<void>>[] = [];
    const lookup = batchedLookup(async (_ctx, group, keys) => {
      asked.push([group, keys]);
      const gate = deferred<void>();
      gates.push(gate);
      await gate.promise;
      return keys.filter((key) => key.endsWith('!'));
    });
    const first = lookup(ctx, 'app', 'a!');
    const second = lookup(ctx, 'app', 'b');
    // Two in flight; the rest wait and go together (a repeated key asked once).
    const later = ['c!', 'd', 'c!'].map((key) => lookup(ctx, 'app', key));
    const other = lookup(ctx, 'other', 'e!');
    expect(asked).toEqual([
      ['app', ['a!']],
      ['app', ['b']],
      ['other', ['e!']],
    ]);
    gates[0]!.resolve();
    expect(await first).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked[3]).toEqual(['app', ['c!', 'd']]);
    expect(asked).toHaveLength(4);
    for (const gate of gates) gate.resolve();
    expect(await second).toBe(false);
    expect(await Promise.all(later)).toEqual([true, false, true]);
    expect(await other).toBe(true);
  });

  it('fails only the callers of a failed query', async () => {
    const ctx = serverAt({ now: 0 });
    let calls = 0;
    const lookup = batchedLookup(async (_ctx, _group, keys) => {
      calls += 1;
      if (calls === 1) throw new Error('down');
      return keys;
    });
    await expect(lookup(ctx, 'g', 'x')).rejects.toThrow('down');
    expect(await lookup(ctx, 'g', 'y')).toBe(true);
  });
});

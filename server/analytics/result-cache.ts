/**
 * Answers of read statements on the embedded event store, kept until the store is written (docs/analyze.md §Result
 * cache). Exact, never stale: an answer is stored under the store's write version at the time it was read, only when
 * no write ran or started while it was read, and any write (a new version) makes every older answer unreachable.
 * Callers asking the same question at once share one statement (single flight). Bounded by rows (lru-cache). Besides
 * rows, a value derived from them (a funnel's drop-off list out of one row per player) can be kept the same way, so
 * that the derivation too runs once per version.
 */
import { LRUCache } from 'lru-cache';

/** A statement that answers more rows than this is never kept (a funnel of very many players: one row each). */
export const RESULT_CACHE_ENTRY_ROWS_MAX = 100_000;

type Row = Record<string, unknown>;

/** How a kind of answer is kept: its size in the cache's unit (rows), and a copy for each caller. */
export interface Keeping<V> {
  size: (value: V) => number;
  copy: (value: V) => V;
}

/** Rows: one unit per row; every caller gets rows of its own, so one changing its rows changes no other's. */
export const ROWS: Keeping<Row[]> = {
  size: (rows) => rows.length,
  copy: (rows) => rows.map((row) => ({ ...row })),
};

interface Entry {
  version: number;
  value: unknown;
  size: number;
}

export class ResultCache {
  private readonly entries: LRUCache<string, Entry>;
  /** Statements running now, by key and version: later callers of the same question wait for them. */
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private version = 0;
  private writing = 0;
  hits = 0;
  misses = 0;

  /** `maxRows`: all kept answers together hold at most this many rows (a derived value counts one). */
  constructor(maxRows: number) {
    this.entries = new LRUCache<string, Entry>({ maxSize: Math.max(1, maxRows), sizeCalculation: (e) => e.size });
  }

  /** Wraps a write to the store: the version moves before and after, and nothing read meanwhile is kept. */
  async write<R>(fn: () => Promise<R>): Promise<R> {
    this.writing += 1;
    this.version += 1;
    try {
      return await fn();
    } finally {
      this.version += 1;
      this.writing -= 1;
    }
  }

  /**
   * The kept answer of `key` when the store has not been written since, else `read()`'s (kept when it may be).
   * `shareable(error)`: whether a caller waiting on another's statement may take its error as its own (a cancel of
   * the other caller's job is not; the waiting caller then reads for itself).
   */
  async get<V>(
    key: string,
    read: () => Promise<V>,
    shareable: (error: unknown) => boolean,
    keeping: Keeping<V>,
  ): Promise<V> {
    const version = this.version;
    const found = this.writing === 0 ? this.entries.get(key) : undefined;
    if (found && found.version === version) {
      this.hits += 1;
      return keeping.copy(found.value as V);
    }
    this.misses += 1;
    if (this.writing > 0) return read();
    const flightKey = `${version}\u0000${key}`;
    const running = this.inFlight.get(flightKey) as Promise<V> | undefined;
    if (running) {
      try {
        return keeping.copy(await running);
      } catch (error) {
        if (shareable(error)) throw error;
        return read();
      }
    }
    const started = read();
    // Copied as soon as it is read, before the first caller gets (and may change) its answer.
    const snapshot = started.then((value) =>
      keeping.size(value) <= RESULT_CACHE_ENTRY_ROWS_MAX ? keeping.copy(value) : value,
    );
    snapshot.catch(() => {});
    this.inFlight.set(flightKey, snapshot);
    try {
      const value = await started;
      // lru-cache counts whole units, at least one (an empty answer too).
      const size = Math.max(1, Math.ceil(keeping.size(value)));
      if (this.writing === 0 && this.version === version && size <= RESULT_CACHE_ENTRY_ROWS_MAX)
        this.entries.set(key, { version, value: await snapshot, size });
      return value;
    } finally {
      this.inFlight.delete(flightKey);
    }
  }
}

/**
 * Answers of read statements on the embedded event store, kept until the store is written (docs/analyze.md §Result
 * cache). Exact, never stale: an answer is stored under the store's write version at the time it was read, only when
 * no write ran or started while it was read, and any write (a new version) makes every older answer unreachable.
 * Callers asking the same question at once share one statement (single flight). Bounded by rows (lru-cache).
 */
import { LRUCache } from 'lru-cache';

/** A statement that answers more rows than this is never kept (a funnel's drop-off of very many players). */
export const RESULT_CACHE_ENTRY_ROWS_MAX = 100_000;

type Row = Record<string, unknown>;

/** Every caller gets rows of its own: one caller changing its rows never changes another's or the kept ones. */
const copy = (rows: Row[]): Row[] => rows.map((row) => ({ ...row }));

interface Entry {
  version: number;
  rows: Row[];
}

export class ResultCache {
  private readonly entries: LRUCache<string, Entry>;
  /** Statements running now, by key and version: later callers of the same question wait for them. */
  private readonly inFlight = new Map<string, Promise<Row[]>>();
  private version = 0;
  private writing = 0;
  hits = 0;
  misses = 0;

  /** `maxRows`: all kept answers together hold at most this many rows. */
  constructor(maxRows: number) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: Math.max(1, maxRows),
      // lru-cache counts whole units, at least one (an empty answer too).
      sizeCalculation: (entry) => Math.max(1, entry.rows.length),
    });
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
  async get(key: string, read: () => Promise<Row[]>, shareable: (error: unknown) => boolean): Promise<Row[]> {
    const version = this.version;
    const found = this.writing === 0 ? this.entries.get(key) : undefined;
    if (found && found.version === version) {
      this.hits += 1;
      return copy(found.rows);
    }
    this.misses += 1;
    if (this.writing > 0) return read();
    const flightKey = `${version}\u0000${key}`;
    const running = this.inFlight.get(flightKey);
    if (running) {
      try {
        return copy(await running);
      } catch (error) {
        if (shareable(error)) throw error;
        return read();
      }
    }
    const started = read();
    // Copied as soon as it is read, before the first caller gets (and may change) its rows.
    const snapshot = started.then((rows) => (rows.length <= RESULT_CACHE_ENTRY_ROWS_MAX ? copy(rows) : rows));
    snapshot.catch(() => {});
    this.inFlight.set(flightKey, snapshot);
    try {
      const rows = await started;
      if (this.writing === 0 && this.version === version && rows.length <= RESULT_CACHE_ENTRY_ROWS_MAX)
        this.entries.set(key, { version, rows: await snapshot });
      return rows;
    } finally {
      this.inFlight.delete(flightKey);
    }
  }
}

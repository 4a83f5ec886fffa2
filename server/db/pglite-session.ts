/**
 * One PGlite session shared by many Kysely connections. PGlite is a single Postgres session, so this decides what
 * runs next, one statement at a time:
 *  - a connection in a transaction (from BEGIN to COMMIT/ROLLBACK) owns the session: only its statements run until
 *    it ends, so a rollback never takes another request's writes with it and nothing reads its uncommitted rows;
 *  - otherwise statements run in arrival order, one after another, with no round trip between them (a statement
 *    outside a transaction does not hold the session after it answers).
 * Used in-process (tests, scripts) and inside the database worker (server/db/pglite-worker.ts) alike, so both run
 * the same rules.
 */

export type SessionOp = 'query' | 'begin' | 'commit' | 'rollback' | 'release';

export interface SessionResult {
  rows: unknown[];
  affectedRows?: number;
}

/** What the session needs of PGlite (an instance, or anything with the same query call). */
export interface QueryRunner {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }>;
}

interface Task {
  conn: number;
  op: SessionOp;
  sql: string;
  params: unknown[];
  resolve(result: SessionResult): void;
  reject(error: unknown): void;
}

const STATEMENT: Partial<Record<SessionOp, string>> = { begin: 'BEGIN', commit: 'COMMIT', rollback: 'ROLLBACK' };

export class PGliteSession {
  private readonly queue: Task[] = [];
  private owner: number | null = null;
  private running = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly runner: QueryRunner) {}

  /** Queues one operation of connection `conn` and answers when it has run. */
  submit(conn: number, op: SessionOp, sql = '', params: unknown[] = []): Promise<SessionResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ conn, op, sql, params, resolve, reject });
      this.pump();
    });
  }

  /** Resolves once nothing is queued or running (used before closing). */
  idle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private next(): Task | undefined {
    const index = this.owner === null ? 0 : this.queue.findIndex((task) => task.conn === this.owner);
    return index < 0 ? undefined : this.queue.splice(index, 1)[0];
  }

  private pump() {
    if (this.running) return;
    const task = this.next();
    if (!task) {
      if (this.queue.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
      return;
    }
    this.running = true;
    void this.execute(task).finally(() => {
      this.running = false;
      this.pump();
    });
  }

  private async execute(task: Task) {
    if (task.op === 'release') {
      // A connection released inside its transaction (it should have ended it): end it so the session frees up.
      if (this.owner === task.conn) {
        this.owner = null;
        await this.runner.query('ROLLBACK').catch(() => undefined);
      }
      task.resolve({ rows: [] });
      return;
    }
    if (task.op === 'begin') this.owner = task.conn;
    try {
      const result =
        task.op === 'query'
          ? await this.runner.query(task.sql, task.params)
          : await this.runner.query(STATEMENT[task.op]!);
      if (task.op === 'commit' || task.op === 'rollback') this.owner = null;
      task.resolve({ rows: result.rows, affectedRows: result.affectedRows });
    } catch (error) {
      // A failed BEGIN starts no transaction; a failed COMMIT or ROLLBACK leaves none open either.
      if (task.op !== 'query') this.owner = null;
      task.reject(error);
    }
  }
}

/**
 * The embedded database's own thread: owns the PGlite instance (WASM Postgres, which computes synchronously) so that
 * queries never block the server's event loop. Started by openPgliteWorker (pglite-worker-client.ts); speaks the
 * messages in pglite-worker-protocol.ts and runs statements through the same PGliteSession rules as in-process use.
 * A statement is answered only after PGlite has finished it (and so written it to the data folder, as in-process).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGliteSession } from './pglite-session';
import { withPgliteExtensions } from './pglite-extensions';
import { preparedQueryRunner } from './pglite-prepared';
import { serializeError, type ToWorker, type FromWorker, type WorkerOptions } from './pglite-worker-protocol';

const port = parentPort!;
const post = (message: FromWorker) => port.postMessage(message);
const { dataDir } = workerData as WorkerOptions;

let pglite: PGlite;
try {
  pglite = await PGlite.create(withPgliteExtensions({ dataDir }));
} catch (error) {
  post({ type: 'failed', error: serializeError(error) });
  throw error;
}
const session = new PGliteSession(preparedQueryRunner(pglite));
let closing = false;

port.on('message', (message: ToWorker) => {
  if (message.type === 'close') {
    if (closing) return;
    closing = true;
    void session
      .idle()
      .then(() => pglite.close())
      .then(
        () => post({ type: 'closed' }),
        (error: unknown) => post({ type: 'closed', error: serializeError(error) }),
      )
      .finally(() => port.close());
    return;
  }
  const { id, conn, op, sql, params } = message;
  session.submit(conn, op, sql, params).then(
    (result) => post({ type: 'result', id, rows: result.rows, affectedRows: result.affectedRows }),
    (error: unknown) => post({ type: 'error', id, error: serializeError(error) }),
  );
});

post({ type: 'ready' });

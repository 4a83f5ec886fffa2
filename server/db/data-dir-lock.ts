/**
 * The embedded database (PGlite in DATA_DIR/pg) may be opened by one process at a time. The server writes its process
 * id to DATA_DIR/server.pid while it runs; the operator commands (admin:create, staff, demo:remove) refuse to open a
 * data folder whose server is alive. A file left by a killed server names a dead process and is ignored.
 */
import fs from 'node:fs';
import path from 'node:path';

const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The process id of a live server on this data folder, or null. */
export function serverOn(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : null;
}

/** Refuses (throws) while a server runs on the folder. */
export function assertNoServerOn(dataDir: string): void {
  const pid = serverOn(dataDir);
  if (pid !== null) {
    throw new Error(
      `A Questboard server (process ${pid}) is running on ${dataDir}: stop it first (its embedded database is open), then run this command again.`,
    );
  }
}

/** The server's claim on its data folder; the returned function releases it (at shutdown). */
export function claimDataDir(dataDir: string): () => void {
  assertNoServerOn(dataDir);
  fs.writeFileSync(pidFile(dataDir), `${process.pid}\n`);
  return () => {
    try {
      if (fs.readFileSync(pidFile(dataDir), 'utf8').trim() === String(process.pid)) fs.rmSync(pidFile(dataDir));
    } catch {
      /* already gone */
    }
  };
}

// WAL checkpoints off the event loop. A checkpoint copies the write-ahead log back into the
// database file and fsyncs it; run by the connection that commits (SQLite's default), it
// stalls every request behind that fsync. Here a worker thread with its own connection runs
// PASSIVE checkpoints, which never block readers or writers, twice a second; the main
// connection's own auto-checkpoint stays on, at a high threshold, only as a backstop.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
db.pragma('busy_timeout = 1000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next round will do it */ }
}, workerData.intervalMs);
parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

export function startCheckpointer(filename: string, intervalMs = 500): () => Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, filename, intervalMs } });
  worker.unref();
  return async () => {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // held again while it stops, or a process with nothing else to do would exit before the
    // checkpointer closed its connection (and before the caller's next line ran)
    worker.ref();
    worker.postMessage('stop');
    await exited;
  };
}

// WAL checkpoints off the event loop. A checkpoint copies the write-ahead log back into the
// database file and fsyncs it; run by the connection that commits (SQLite's default), it
// stalls every request behind that fsync. Here a worker thread with its own connection runs
// PASSIVE checkpoints, which never block readers or writers, several times a second.
//
// A PASSIVE checkpoint alone never lets the log start over while writes keep arriving: SQLite
// rewinds the WAL only when a write transaction begins with every frame already copied, and
// under steady load new frames land while each checkpoint runs. The log would grow until the
// writer's own auto-checkpoint (the backstop) ran on the main thread: a 100–200 ms stall of
// every request, seen as the PATCH benchmark's p99. So once the log passes `restartFrames`,
// the worker syncs the database file while writes go on, asks the writer to hold its next
// commit (`pause`), copies and syncs the few frames written since, and lets the writer go
// (`resume`); the writer's next transaction rewinds the log. Writes wait ~10 ms; reads and
// the event loop never do.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require(workerData.driver);
const db = new Database(workerData.filename);
db.pragma('busy_timeout = 1000');
let held = false; // the writer has been asked to pause and has not yet been let go
// the log's size after the last hold: while no write comes to start it over, it stays so, and
// holding the writer again would change nothing
let heldAt = -1;
const checkpoint = () => {
  try { return db.pragma('wal_checkpoint(PASSIVE)')[0]; } catch { return null; /* busy: the next round */ }
};
const timer = setInterval(() => {
  if (held) return;
  const r = checkpoint();
  // (only when the round copied every frame: if a reader held some back, pausing would not help)
  if (r && r.log >= workerData.restartFrames && r.checkpointed === r.log && r.log !== heldAt) {
    // A checkpoint that copies every frame fsyncs the database file, and the final one below
    // runs with the writer held: sync what the rounds wrote now, while writes go on, so that
    // it has only the last few milliseconds' pages to sync. Each pass syncs what the one
    // before copied; three take that last sync from ~120 ms to ~10 ms under PATCH load.
    for (let pass = 0; pass < 3; pass++) {
      fs.fsyncSync(workerData.fd);
      checkpoint();
    }
    held = true;
    parentPort.postMessage('pause');
  }
}, workerData.intervalMs);
parentPort.on('message', (m) => {
  if (m === 'paused') {
    heldAt = checkpoint()?.log ?? -1;
    held = false;
    parentPort.postMessage('resume');
  } else if (m === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

export interface CheckpointOptions {
  /** How often the worker checkpoints. */
  intervalMs?: number;
  /** WAL size, in pages, past which the worker pauses the writer to let the log start over. */
  restartFrames?: number;
}

/** What the checkpointer needs of the writer: hold commits, then let them go. */
export interface PausableWriter {
  /** Resolves once no commit is in progress and none will start until resume(). */
  pause(): Promise<void>;
  resume(): void;
}

/**
 * Starts the checkpoint worker. `fd` is a descriptor of the database file the worker may fsync;
 * the caller closes it, and only after every connection to the file is closed: closing any
 * descriptor of a file drops all of the process's POSIX locks on it, SQLite's included.
 */
export function startCheckpointer(filename: string, fd: number, writer: PausableWriter, opts: CheckpointOptions = {}): () => Promise<void> {
  const { intervalMs = 200, restartFrames = 16_384 } = opts;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { driver, filename, fd, intervalMs, restartFrames } });
  worker.unref();
  // The writer is never held longer than this, even if the worker stops answering.
  let release: NodeJS.Timeout | undefined;
  const resume = () => {
    clearTimeout(release);
    writer.resume();
  };
  worker.on('message', (m) => {
    if (m === 'pause') {
      release = setTimeout(resume, 2000).unref();
      void writer.pause().then(() => worker.postMessage('paused'));
    } else if (m === 'resume') {
      resume();
    }
  });
  return async () => {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // held again while it stops, or a process with nothing else to do would exit before the
    // checkpointer closed its connection (and before the caller's next line ran)
    worker.ref();
    worker.postMessage('stop');
    await exited;
    resume();
  };
}

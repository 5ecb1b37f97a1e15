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
import { Worker } from 'node:worker_threads';
import { CHECKPOINT_WORKER } from '../files.ts';

/** What the worker (checkpoint-worker.ts) is started with. */
export interface CheckpointerData {
  filename: string;
  /** A descriptor of the database file, for the worker's fsync. */
  fd: number;
  intervalMs: number;
  restartFrames: number;
}
/** From the worker: hold the writer (`pause`), or let it go (`resume`). */
export type ToMain = 'pause' | 'resume';
/** To the worker: the writer is held (`paused`), or shut down (`stop`). */
export type ToWorker = 'paused' | 'stop';

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
  const workerData: CheckpointerData = { filename, fd, intervalMs, restartFrames };
  const worker = new Worker(CHECKPOINT_WORKER, { workerData });
  const post = (m: ToWorker) => worker.postMessage(m);
  worker.unref();
  // The writer is never held longer than this, even if the worker stops answering.
  let release: NodeJS.Timeout | undefined;
  const resume = () => {
    clearTimeout(release);
    writer.resume();
  };
  worker.on('message', (m: ToMain) => {
    if (m === 'pause') {
      release = setTimeout(resume, 2000).unref();
      void writer.pause().then(() => post('paused'));
    } else if (m === 'resume') {
      resume();
    }
  });
  return async () => {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    // held again while it stops, or a process with nothing else to do would exit before the
    // checkpointer closed its connection (and before the caller's next line ran)
    worker.ref();
    post('stop');
    await exited;
    resume();
  };
}

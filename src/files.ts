// Files the server reads at run time, found from the repository's root. This module runs from
// src/ (tests, scripts: TypeScript through a loader) or bundled into dist/replydesk.mjs
// (bin/replydesk.mjs, bin/build-server.mjs); both are one level below the root, so `..` of
// this module's address is the root either way.
import { fileURLToPath } from 'node:url';

const ROOT = new URL('../', import.meta.url);
const bundled = !import.meta.url.endsWith('.ts');

/** The triage classifier's labelled corpus (triage/local/corpus.ts). */
export const CORPUS_DIR = new URL('src/triage/local/corpus/', ROOT);

/** The built dashboard (bin/build-web.mjs). */
export const WEB_DIST = fileURLToPath(new URL('web/dist', ROOT));

/**
 * The checkpoint thread's entry (db/checkpointer.ts): its bundle beside the CLI's, or, from
 * src/, a small entry that registers the TypeScript loader in the thread (a worker does not
 * inherit it) before it loads checkpoint-worker.ts.
 */
export const CHECKPOINT_WORKER = new URL(bundled ? 'dist/checkpoint-worker.mjs' : 'src/db/checkpoint-worker.mjs', ROOT);

/**
 * Where the shipped classifier's trained weights are kept between processes
 * (triage/local/weights-file.ts): REPLYDESK_CACHE_DIR, else node_modules/.cache/replydesk, the
 * place build tools keep what they can rebuild.
 */
export const CACHE_DIR = process.env.REPLYDESK_CACHE_DIR ?? fileURLToPath(new URL('node_modules/.cache/replydesk', ROOT));

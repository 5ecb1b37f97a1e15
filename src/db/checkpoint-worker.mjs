// Entry of the checkpoint worker thread: a worker does not inherit the main thread's tsx
// loader, so it registers its own (as bin/replydesk.mjs does) and runs the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./checkpoint-worker.ts');

// The server's memory beyond the caches it sizes itself (SQLITE_CACHE_MB, the list page's memo):
// how much garbage the JavaScript heap may hold before V8 collects it.
import v8 from 'node:v8';

/**
 * Lets the heap grow by `percent` past what the last full collection kept before the next one
 * (HEAP_GROWTH_PERCENT, config/index.ts); 0 leaves V8's own rule (up to four times, and a large first
 * limit). V8 reads the setting at every full collection, so setting it in a running process
 * takes effect from the next one (test/heap.test.ts measures it).
 */
export function limitHeapGrowth(percent: number) {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

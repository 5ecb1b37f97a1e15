// UUIDv7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Still a UUID, as
// docs/api.md "Reply" promises of reply ids, but new rows land at the right-hand end of every
// primary-key index instead of at a random page, which keeps inserts cheap as tables grow.
import crypto from 'node:crypto';

let lastMs = 0;
let seq = 0;

// One call into the CSPRNG per 256 ids: asking for 16 bytes at a time costs more than the rest of the id.
const POOL_SIZE = 16 * 256;
let pool = Buffer.alloc(0);
let offset = POOL_SIZE;
function random16(): Buffer {
  if (offset >= POOL_SIZE) {
    pool = crypto.randomBytes(POOL_SIZE);
    offset = 0;
  }
  offset += 16;
  return pool.subarray(offset - 16, offset);
}

export function uuidv7(): string {
  const bytes = random16();
  let ms = Date.now();
  // within one millisecond, a 12-bit counter keeps ids from one process increasing
  if (ms <= lastMs) {
    seq = (seq + 1) & 0xfff;
    if (seq === 0) lastMs += 1;
    ms = lastMs;
  } else {
    lastMs = ms;
    seq = 0;
  }
  bytes[0] = Math.floor(ms / 2 ** 40) & 0xff;
  bytes[1] = Math.floor(ms / 2 ** 32) & 0xff;
  bytes[2] = (ms >>> 24) & 0xff;
  bytes[3] = (ms >>> 16) & 0xff;
  bytes[4] = (ms >>> 8) & 0xff;
  bytes[5] = ms & 0xff;
  bytes[6] = 0x70 | (seq >>> 8);
  bytes[7] = seq & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Whether `text` has the shape of every id this service makes: a UUID in lower-case hex (v7
 * from uuidv7, v4 from crypto.randomUUID). Anything else names nothing, so it need not reach
 * a query: a path's id that is not one is the route's 404 (http/path-ids.ts), a cursor whose
 * id is not one is refused.
 */
export const isId = (text: unknown): text is string => typeof text === 'string' && ID.test(text);

// API key format: `rdk_` + 32 random base62 characters + 6 base62 characters of CRC-32.
// - The prefix lets secret scanners (and people) recognise a leaked Replydesk key.
// - The checksum lets us reject a mistyped or truncated key without a database lookup.
// - 32 base62 characters carry 190 bits of entropy, so a fast hash (SHA-256) is the right
//   storage: a slow password hash would add latency to every request and no security.
import crypto from 'node:crypto';
import zlib from 'node:zlib';

export const KEY_PREFIX = 'rdk_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
export const KEY_LENGTH = KEY_PREFIX.length + RANDOM_LENGTH + CHECKSUM_LENGTH;

function base62(n: number, width: number): string {
  let out = '';
  for (let i = 0; i < width; i++) {
    out = ALPHABET[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out;
}

function checksum(body: string): string {
  return base62(zlib.crc32(body), CHECKSUM_LENGTH);
}

export function generateKey(): string {
  let body = '';
  while (body.length < RANDOM_LENGTH) {
    for (const byte of crypto.randomBytes(RANDOM_LENGTH * 2)) {
      // 248 = 62 * 4: rejecting bytes above it keeps every character equally likely
      if (byte < 248 && body.length < RANDOM_LENGTH) body += ALPHABET[byte % 62];
    }
  }
  return KEY_PREFIX + body + checksum(body);
}

/** Shape and checksum only; says nothing about whether the key exists. */
export function isWellFormedKey(key: string): boolean {
  if (key.length !== KEY_LENGTH || !key.startsWith(KEY_PREFIX)) return false;
  const body = key.slice(KEY_PREFIX.length, KEY_PREFIX.length + RANDOM_LENGTH);
  if (!/^[0-9A-Za-z]+$/.test(body)) return false;
  return checksum(body) === key.slice(KEY_PREFIX.length + RANDOM_LENGTH);
}

export function hashKey(key: string): string {
  // the one-shot form: every authenticated request runs it, and it is twice as fast
  return crypto.hash('sha256', key, 'hex');
}

/** What lists show of a key: enough to recognise it, nothing to use. */
export function displayPrefix(key: string): string {
  return key.slice(0, KEY_PREFIX.length + 6);
}

export const PERMISSIONS = ['replies:read', 'replies:write', 'replies:send', 'contacts:read', 'contacts:write', 'webhooks:manage', 'connections:manage'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export function parsePermissions(list: string): Permission[] {
  const items = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = items.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length) throw new Error(`Unknown permission(s): ${unknown.join(', ')}. Choose from: ${PERMISSIONS.join(', ')}`);
  if (!items.length) throw new Error(`At least one permission is required. Choose from: ${PERMISSIONS.join(', ')}`);
  return [...new Set(items)] as Permission[];
}

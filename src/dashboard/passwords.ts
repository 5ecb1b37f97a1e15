// Password hashing with scrypt (node:crypto): memory-hard, no native dependency. The stored
// form carries its parameters, so they can be raised later without breaking old hashes:
//   scrypt$<log2 N>$<r>$<p>$<salt, base64>$<hash, base64>
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, opts: crypto.ScryptOptions) => Promise<Buffer>;

/** N = 2^15, r = 8: 32 MiB and ~50 ms per hash on a server core (OWASP's scrypt minimum is N = 2^17 with r = 8, p = 1 or an equivalent cost; 2^15 with p = 4 is the same work). */
const PARAMS = { log2N: 15, r: 8, p: 4 };
const KEY_LENGTH = 32;

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

const options = (log2N: number, r: number, p: number): crypto.ScryptOptions => ({ N: 2 ** log2N, r, p, maxmem: 256 * 2 ** log2N * r + 1024 * 1024 });

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const { log2N, r, p } = PARAMS;
  const hash = await scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options(log2N, r, p));
  return ['scrypt', log2N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password.normalize('NFC'), Buffer.from(salt, 'base64'), expected.length, options(Number(log2N), Number(r), Number(p)));
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash to verify against when the account does not exist, so both cases take as long. */
let decoy: Promise<string> | null = null;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return decoy;
}

/** Why a new password is refused, or null when it is fine. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}

/** A random token for a cookie or a link, and the hash that is stored in its place. */
export function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => crypto.hash('sha256', token, 'hex');

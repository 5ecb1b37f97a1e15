// Secrets at rest: webhook signing secrets and mailbox passwords (docs/webhooks.md "Configuration").
// Each endpoint's `whsec_` secret is shown to the client once and stored encrypted with
// AES-256-GCM under a master key, with the endpoint id as associated data, so a ciphertext
// copied onto another endpoint's row does not decrypt. A mailbox password is stored the same
// way with `connection:<id>:imap` or `:smtp` as associated data (src/mailboxes/service.ts).
//
// The master key comes from REPLYDESK_SECRET_KEY. A single SQLite process without it gets a
// key generated into a file next to its database (mode 0600) and reused on every start. On
// PostgreSQL several processes share the rows, so they must share the key: without it the
// process refuses to start rather than invent a key the others cannot read.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError } from '../config/index.ts';

const SECRET_PREFIX = 'whsec_';
const FORMAT = 'v1';

export function generateSecret(): string {
  return SECRET_PREFIX + crypto.randomBytes(32).toString('base64');
}

/** `context` (a row's id, or a name that includes it) must be given again to decrypt. */
export function encryptSecret(key: Buffer, context: string, secret: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${FORMAT}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function decryptSecret(key: Buffer, context: string, stored: string): string {
  const [format, data] = stored.split(':');
  if (format !== FORMAT || !data) throw new Error('unknown secret format');
  const raw = Buffer.from(data, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

export const KEY_FILE_NAME = 'replydesk.secret.key';

/** The master key for this process: configured, or (SQLite only) kept in a file beside the database. */
export function resolveSecretKey(config: Pick<Config, 'secretKey' | 'database'>): Buffer {
  if (config.secretKey) return config.secretKey;
  if (config.database.dialect === 'postgres') {
    throw new ConfigError([
      'REPLYDESK_SECRET_KEY: required with PostgreSQL (every process must share the key that encrypts webhook secrets and mailbox passwords); generate one with `openssl rand -base64 32`',
    ]);
  }
  const file = config.database.filename === ':memory:' ? null : path.join(path.dirname(config.database.filename), KEY_FILE_NAME);
  if (!file) return crypto.randomBytes(32);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx' fails if the file exists, so two processes starting together keep the first key.
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new ConfigError([`${file}: expected 32 bytes in base64; remove it only if no webhook secret or mailbox password was stored under it`]);
  return key;
}

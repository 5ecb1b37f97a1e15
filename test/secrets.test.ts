import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/index.ts';
import { decryptSecret, encryptSecret, generateSecret, KEY_FILE_NAME, resolveSecretKey } from '../src/security/secrets.ts';
import { tempDir } from './helpers.ts';

describe('webhook secrets at rest', () => {
  it('round-trips under the master key, and fails under another key or on another endpoint', () => {
    const key = crypto.randomBytes(32);
    const secret = generateSecret();
    const stored = encryptSecret(key, 'endpoint-a', secret);
    expect(stored).not.toContain(secret.slice(6));
    expect(decryptSecret(key, 'endpoint-a', stored)).toBe(secret);
    expect(() => decryptSecret(crypto.randomBytes(32), 'endpoint-a', stored)).toThrow();
    expect(() => decryptSecret(key, 'endpoint-b', stored)).toThrow();
    expect(encryptSecret(key, 'endpoint-a', secret)).not.toBe(stored);
  });

  it('on SQLite without REPLYDESK_SECRET_KEY, a key is generated beside the database (mode 0600) and reused', () => {
    const dir = tempDir();
    const config = { secretKey: null, database: { dialect: 'sqlite' as const, filename: path.join(dir, 'replydesk.db') } };
    const first = resolveSecretKey(config);
    expect(first).toHaveLength(32);
    expect(fs.statSync(path.join(dir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
    expect(resolveSecretKey(config).equals(first)).toBe(true);
  });

  it('on PostgreSQL without REPLYDESK_SECRET_KEY, the process refuses to start with a config error', () => {
    expect(() => resolveSecretKey({ secretKey: null, database: { dialect: 'postgres', connectionString: 'postgres://x@127.0.0.1/db' } })).toThrow(/REPLYDESK_SECRET_KEY: required with PostgreSQL/);
    const key = crypto.randomBytes(32);
    expect(resolveSecretKey({ secretKey: key, database: { dialect: 'postgres', connectionString: 'postgres://x@127.0.0.1/db' } })).toBe(key);
  });

  it('config validates the key, the timeout and the lease', () => {
    const key = crypto.randomBytes(32).toString('base64');
    expect(loadConfig({ REPLYDESK_SECRET_KEY: key }).secretKey!.toString('base64')).toBe(key);
    expect(loadConfig({}).webhookTimeoutSeconds).toBe(15);
    expect(loadConfig({}).jobLeaseMs).toBe(60_000);
    try {
      loadConfig({ REPLYDESK_SECRET_KEY: 'short', WEBHOOK_TIMEOUT_SECONDS: '20', JOB_LEASE_SECONDS: '30' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).problems).toEqual([
        'JOB_LEASE_SECONDS: must be at least twice WEBHOOK_TIMEOUT_SECONDS (20)',
        'REPLYDESK_SECRET_KEY: expected 32 random bytes in base64, e.g. from `openssl rand -base64 32`',
      ]);
    }
  });
});

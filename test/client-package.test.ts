// clients/typescript is a publishable package: its generated part matches the document, and
// it builds (types and JavaScript) to what its package.json exports.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateClient, GENERATED_DIR, ROOT, staleClientFiles } from '../bin/openapi.ts';
import { tempDir } from './helpers.ts';

const PACKAGE = path.join(ROOT, 'clients', 'typescript');

describe('@replydesk/client package', () => {
  it('has its generated files up to date with the OpenAPI document (else: npm run generate:client)', async () => {
    expect(await staleClientFiles()).toEqual([]);
  }, 60_000);

  it('notices a stale generated file', async () => {
    const files = await generateClient();
    const changed = { ...files, 'operations.ts': files['operations.ts']!.replace("name: 'list'", "name: 'all'") };
    expect(await staleClientFiles(changed)).toEqual([path.relative(ROOT, path.join(GENERATED_DIR, 'operations.ts'))]);
  }, 60_000);

  it('builds with its own tsconfig to the files its package.json exports, and they load', async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE, 'package.json'), 'utf8'));
    expect(pkg.name).toBe('@replydesk/client');
    expect(pkg.dependencies ?? {}).toEqual({});
    const out = tempDir('replydesk-client-build-');
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const build = spawnSync(process.execPath, [tsc, '-p', path.join(PACKAGE, 'tsconfig.json'), '--outDir', out], { encoding: 'utf8' });
    expect(build.stdout + build.stderr).toBe('');
    expect(build.status).toBe(0);
    const inOut = (p: string) => path.join(out, path.relative('./dist', p));
    expect(fs.existsSync(inOut(pkg.exports['.'].types))).toBe(true);
    const built = await import(inOut(pkg.exports['.'].import));
    expect(Object.keys(built).sort()).toEqual(['API_VERSION', 'OPERATIONS', 'Paged', 'Replydesk', 'ReplydeskError', 'WebhookVerificationError', 'verifyWebhook']);
    expect(typeof new built.Replydesk({ baseUrl: 'http://127.0.0.1:1', apiKey: 'rdk_x' }).replies.list).toBe('function');
  }, 120_000);
});

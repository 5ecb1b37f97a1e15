// A release build (issue 36 item 7; docs/deploy.md "A release build"): a tree installed without
// the dev dependencies (as `npm ci --omit=dev` leaves it: no esbuild, vite or tsx) refuses to
// start without a build, saying what to do, and serves the build `npm run build` made. The tree
// is a copy of the repository's files with node_modules made of links to this checkout's
// packages, the build tools left out.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers.ts';
import { freePort, STARTUP_MS } from './processes.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD_TOOLS = ['esbuild', 'vite', 'tsx', 'vitest'];

/** A copy of what a release needs to build and run (sources, scripts, manifests), with node_modules linked package by package. */
function tree(withBuildTools: boolean, from = ROOT): string {
  const dir = tempDir('replydesk-release-');
  for (const name of ['bin', 'src', 'web', 'package.json', 'tsconfig.json']) {
    fs.cpSync(path.join(from, name), path.join(dir, name), { recursive: true, preserveTimestamps: true, filter: (p) => !/[/\\](node_modules|dist)$/.test(p) });
  }
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const pkg of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (!withBuildTools && BUILD_TOOLS.includes(pkg)) continue;
    fs.symlinkSync(path.join(ROOT, 'node_modules', pkg), path.join(dir, 'node_modules', pkg));
  }
  return dir;
}

async function node(cwd: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd, env: { ...process.env, DATABASE_URL: `file:${path.join(cwd, 'data', 'r.db')}` } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('a release build', { timeout: 240_000 }, () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  it('without the build tools and without a build: the server and the dashboard each refuse to start, saying what to do', async () => {
    const dir = tree(false);
    const server = await node(dir, 'bin/replydesk.mjs', 'migrate');
    expect(server.code).toBe(1);
    expect(server.stderr).toContain('The server (dist/) is not built, and this installation has no esbuild to build it');
    expect(server.stderr).toContain('npm ci && npm run build');
    const dashboard = await node(dir, 'bin/build-web.mjs');
    expect(dashboard.code).toBe(1);
    expect(dashboard.stderr).toContain('The dashboard (web/dist/) is not built, and this installation has no vite to build it');
  });

  it('`npm run build` where the tools are, then a tree without them serves that build: the API and the dashboard', async () => {
    const builder = tree(true);
    const built = await node(builder, 'bin/build.mjs');
    expect(built.code, built.stderr).toBe(0);
    expect(fs.existsSync(path.join(builder, 'dist', 'replydesk.mjs'))).toBe(true);
    expect(fs.existsSync(path.join(builder, 'web', 'dist', 'index.html'))).toBe(true);

    // the release: the built tree, installed without the build tools
    const release = tree(false, builder);
    fs.cpSync(path.join(builder, 'dist'), path.join(release, 'dist'), { recursive: true, preserveTimestamps: true });
    fs.cpSync(path.join(builder, 'web', 'dist'), path.join(release, 'web', 'dist'), { recursive: true, preserveTimestamps: true });
    expect((await node(release, 'bin/build-web.mjs')).code).toBe(0);
    const port = await freePort();
    const child = spawn(process.execPath, ['bin/replydesk.mjs', 'serve'], {
      cwd: release,
      env: { ...process.env, DATABASE_URL: `file:${path.join(release, 'data', 'r.db')}`, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stderr!.on('data', (d) => (output += d));
    const base = `http://127.0.0.1:${port}`;
    let health = 0;
    for (const deadline = Date.now() + STARTUP_MS; Date.now() < deadline && health !== 200;) {
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      health = await fetch(`${base}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
      if (health !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(health, output).toBe(200);
    const page = await fetch(`${base}/signin`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${base}/api/replies`)).status).toBe(401);
    // the build is as new as its sources: nothing to build, nothing to warn about
    expect(output).not.toMatch(/building|older than/);
  });
});

// Child processes of the real CLI (`node bin/replydesk.mjs …`) for crash, multi-worker and shutdown tests.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

const BIN = path.resolve(import.meta.dirname, '..', 'bin', 'replydesk.mjs');
const run = promisify(execFile);

export interface Child {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * How long a server or worker may take to be ready: the first after a change to the corpus
 * trains the shipped classifier before it listens (docs/triage.md "Start-up"), ~10 s alone and
 * two or three times that beside a full test run; the others read its weights in half a second.
 */
export const STARTUP_MS = 90_000;

/** Starts `replydesk <args>` and resolves once a line of its output matches `ready`. */
export async function startCli(args: string[], env: Record<string, string>, ready: RegExp, timeoutMs = STARTUP_MS): Promise<Child> {
  const proc = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SHUTDOWN_DRAIN_SECONDS: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      proc.kill(); // not left running behind a failed test
      reject(new Error(`replydesk ${args.join(' ')} not ready within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`replydesk ${args.join(' ')} exited with ${code}:\n${out}`));
    });
  });
  return { proc, output: () => out, exited };
}

export async function stop(child: Child, signal: NodeJS.Signals = 'SIGTERM') {
  if (child.proc.exitCode !== null || child.proc.signalCode !== null) return;
  child.proc.kill(signal);
  await child.exited;
}

/** A TCP port on 127.0.0.1 that was free when asked (the caller binds it right after). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net
      .createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
  });
}

/** Runs `replydesk <args>` to its end: exit code and output. */
export async function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

export interface Server extends Child {
  port: number;
  base: string;
}

/** `replydesk serve` on a free port of 127.0.0.1, resolved once it listens ("replydesk ready"). */
export async function startServer(env: Record<string, string>, timeoutMs?: number): Promise<Server> {
  const port = await freePort();
  const child = await startCli(['serve'], { LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' }, /"msg":"replydesk ready"/, timeoutMs);
  return { ...child, port, base: `http://127.0.0.1:${port}` };
}

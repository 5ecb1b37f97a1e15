// Child processes of the real CLI (`node bin/replydesk.mjs …`) for crash and multi-worker tests.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const BIN = path.resolve(import.meta.dirname, '..', 'bin', 'replydesk.mjs');

export interface Child {
  proc: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts `replydesk <args>` and resolves once a line of its output matches `ready`. */
export async function startCli(args: string[], env: Record<string, string>, ready: RegExp, timeoutMs = 20_000): Promise<Child> {
  const proc = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', SHUTDOWN_DRAIN_SECONDS: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`replydesk ${args.join(' ')} not ready:\n${out}`)), timeoutMs);
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

// Graceful shutdown as a load balancer expects it (docs/deploy.md, "Shutdown"):
//
//   1. drain: /healthz answers 503 at once, so the balancer stops sending new traffic here,
//      while every request that still arrives is served as usual, with `Connection: close`
//      so that keep-alive clients move their next request to a new connection;
//   2. close: after the drain period the listener closes (new connections are refused), idle
//      connections are closed, requests in flight and requests that arrive on a busy
//      keep-alive connection are still answered (with `Connection: close`);
//   3. when the last connection has ended the process exits. A request still running after
//      the shutdown timeout has its connection destroyed, and the exit code says so.
import type { FastifyInstance } from 'fastify';

export type Phase = 'serving' | 'draining';

export function registerShutdown(app: FastifyInstance) {
  let phase: Phase = 'serving';
  app.decorate('phase', () => phase);
  app.decorate('beginDrain', () => {
    phase = 'draining';
  });
  // When the answer leaves, not when the request arrived: a keep-alive request in flight at
  // the signal must still close its connection, or the client keeps it open past the drain.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (phase !== 'serving') reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Runs the whole sequence: drain for `drainMs`, close the listener, wait for the requests in
 * flight (at most `timeoutMs`). Resolves true when every connection ended on its own.
 */
export async function shutDown(app: FastifyInstance, opts: { drainMs: number; timeoutMs: number }): Promise<boolean> {
  app.beginDrain();
  if (opts.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, opts.drainMs));
  let clean = true;
  const deadline = setTimeout(() => {
    clean = false;
    app.log.error({ timeoutMs: opts.timeoutMs }, 'requests still running at the shutdown timeout: closing their connections');
    app.server.closeAllConnections();
  }, opts.timeoutMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
  return clean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** serving, or draining once shutdown has begun (/healthz then answers 503). */
    phase: () => Phase;
    /** Step 1: fail the health check, keep serving, let keep-alive clients go. */
    beginDrain: () => void;
  }
}

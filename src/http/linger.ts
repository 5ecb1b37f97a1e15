// A lingering close, as nginx makes one (its lingering_close), for an answer given while the
// client is still sending a body the server will not read: the 413 of a body over the limit.
//
// Fastify answers a body over the limit at once with `Connection: close`, and Node then ends
// the connection as soon as the answer is written. The rest of the body is still arriving; a
// socket closed with unread bytes makes the kernel send a reset, and a client that sends its
// whole body before it reads — most blocking clients — fails with EPIPE or ECONNRESET and
// never reads the 413; a client that has not read the answer yet loses it from its buffer.
//
// So after such an answer the connection lingers: the server goes on reading, and discarding,
// what the client sends, until the body has all arrived, or LINGER_BYTES more have, or nothing
// has for LINGER_IDLE_MS, or LINGER_MS have passed; only then does it close (the answer still
// says `Connection: close`), and the client, done sending, reads the answer and then EOF. The
// bounds keep a client that never stops from holding the connection: one that sends more than
// LINGER_BYTES after its answer is reset, which is what it would have been anyway.
import type { FastifyRequest } from 'fastify';

/** 64 MiB: a client sending a body tens of MiB too large still reads its 413. */
export const LINGER_BYTES = 64 * 1024 * 1024;
/** The longest a connection lingers after its answer. */
export const LINGER_MS = 30_000;
/** A client that sends nothing for this long is done (or gone). */
export const LINGER_IDLE_MS = 5_000;

/** Makes the close that follows this request's answer a lingering one. */
export function lingerAfterAnswer(request: FastifyRequest) {
  const socket = request.raw.socket;
  // no real socket (an injected request) or one already gone: nothing to linger on
  if (!socket || socket.destroyed || typeof socket.destroySoon !== 'function') return;
  // Node closes a `Connection: close` connection with destroySoon() once the answer is
  // written (its HTTP server's resOnFinish): this socket's own, so no other one changes. It
  // is called after Node has let go of the request, which stays readable through the parser.
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = function lingeringClose() {
    const body = request.raw;
    let read = 0;
    const close = () => {
      clearTimeout(deadline);
      clearTimeout(idle);
      body.off('data', discard);
      destroySoon();
    };
    // reading the body through the parser keeps its framing (and the socket's flow control) Node's own
    const discard = (chunk: Buffer) => {
      read += chunk.length;
      if (read > LINGER_BYTES) close();
      else idle.refresh();
    };
    const deadline = setTimeout(close, LINGER_MS);
    const idle = setTimeout(close, LINGER_IDLE_MS);
    body.on('data', discard);
    body.once('end', close);
    socket.once('close', () => {
      clearTimeout(deadline);
      clearTimeout(idle);
    });
  };
}

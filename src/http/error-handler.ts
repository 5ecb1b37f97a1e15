// Every answer leaves as `{data: null, error}` with an X-Request-Id, whoever refuses the
// request: the app's error handler and not-found handler; the router, before any route
// (frameworkErrors: a malformed percent-encoding, an over-long path segment); Node's HTTP
// parser, before there is a request at all (clientErrorHandler: a malformed request line or
// header, headers over the size limit, a request that takes too long to arrive); and Node's
// own answers to `Expect:` and `CONNECT`.
import crypto from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestCheck } from './auth.ts';
import { AppError, Errors } from '../errors.ts';
import { MAX_URL_LENGTH } from './json-body.ts';
import { lingerAfterAnswer } from './linger.ts';

// Fastify's own error codes that come from bad input, with the message a client sees.
const CLIENT_ERRORS: Record<string, [number, string | null]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON in request body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty but Content-Type is application/json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, null],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, null],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, null],
  FST_ERR_CTP_INVALID_TYPE: [400, null],
};

const envelope = (message: string) => JSON.stringify({ data: null, error: message });

/** One handler for the whole app: every error leaves as `{data: null, error}`. */
export function registerErrorHandler(app: FastifyInstance, maxBodyBytes: number) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status: number;
    let message: string;
    if (err instanceof AppError) {
      status = err.statusCode;
      message = err.message;
      if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
    } else if (err.validation) {
      status = 400;
      message = err.message;
    } else if (err.code && CLIENT_ERRORS[err.code]) {
      const [code, text] = CLIENT_ERRORS[err.code]!;
      status = code;
      message =
        text ??
        (code === 413 ? `Request body is larger than ${request.routeOptions?.bodyLimit ?? maxBodyBytes} bytes` : code === 415 ? `Unsupported Content-Type: send application/json` : err.message);
      // the client may still be sending the body: it must be able to read this answer
      if (code === 413) lingerAfterAnswer(request);
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      message = err.message;
    } else if (err instanceof SyntaxError) {
      // a body parser that failed outside Fastify's own codes
      status = 400;
      message = 'Malformed JSON in request body';
    } else {
      status = 500;
      message = 'Internal server error';
      request.log.error({ err }, 'request failed');
    }
    if (status < 500) request.log.info({ status, reason: message }, 'request refused');
    return reply.code(status).send({ data: null, error: message });
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    reply.code(404).send({ data: null, error: `Route ${request.method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path} not found` });
  });

  // Node answers these itself, with an empty body, unless someone listens.
  app.server.on('checkExpectation', (req, res) => {
    const body = envelope(`Unsupported Expect header: ${String(req.headers.expect).slice(0, 100)}; only 100-continue is supported`);
    res.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': crypto.randomUUID(), 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  app.server.on('connect', (_req, socket: Socket) => {
    writeRaw(socket, 405, 'The CONNECT method is not supported');
  });
}

/**
 * The router's refusals, which come before any route and so before the hooks: answered in
 * the envelope, rate limited like any request outside the public routes.
 */
export function frameworkErrorHandler(limit: () => RequestCheck | null) {
  const respond = async (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let answer = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? Errors.UrlTooLong(MAX_URL_LENGTH) : err.code === 'FST_ERR_BAD_URL' ? Errors.BadUrl() : null;
    reply.header('x-request-id', request.id);
    try {
      await limit()?.(request, reply);
    } catch (refused) {
      if (refused instanceof AppError) answer = refused;
      else request.log.error({ err: refused }, 'rate limiter failed');
    }
    const status = answer?.statusCode ?? 500;
    if (!answer) request.log.error({ err }, 'request failed');
    request.log.info({ method: request.method, url: request.url, status }, 'request');
    reply
      .code(status)
      .type('application/json; charset=utf-8')
      .send(envelope(answer?.message ?? 'Internal server error'));
  };
  // the router calls this and drops what it returns: a rejection is caught here or nowhere
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    respond(err, request, reply).catch((e: unknown) => request.log.error({ err: e }, 'could not answer a refused request'));
  };
}

/** Writes a whole HTTP answer on a socket Node's parser gave up on, and closes it. */
function writeRaw(socket: Socket, status: number, message: string) {
  if (!socket.writable) return socket.destroy();
  const body = envelope(message);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${crypto.randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Whether Node's parser ran out of room for the request's head inside its first line: a URL
 * past its 16 KiB, longer than any the app would take (MAX_URL_LENGTH), so the answer is the
 * URL's 414 rather than the headers' 431. Seen when the packet it failed on starts the request
 * and ends no line within the limit; a request line that arrived in several reads leaves only
 * its tail to see, and is answered 431.
 */
function requestLineOverflowed(err: NodeJS.ErrnoException): boolean {
  const packet = (err as { rawPacket?: unknown }).rawPacket;
  if (!Buffer.isBuffer(packet) || !/^[A-Z]+ \S/.test(packet.subarray(0, 24).toString('latin1'))) return false;
  const end = packet.indexOf('\r\n');
  return end === -1 || end > MAX_URL_LENGTH;
}

/** Node's HTTP parser refused the bytes before they made a request (Fastify's clientErrorHandler). */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message]: [number, string] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? requestLineOverflowed(err)
        ? [414, Errors.UrlTooLong(MAX_URL_LENGTH).message]
        : [431, 'The request headers are too large']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request did not arrive in time']
        : [400, 'Malformed HTTP request'];
  this.log.info({ status, reason: err.code }, 'client error');
  writeRaw(socket, status, message);
}

import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

// Fastify's own error codes that come from bad input, with the message a client sees.
const CLIENT_ERRORS: Record<string, [number, string | null]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON in request body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty but Content-Type is application/json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, null],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, null],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, null],
  FST_ERR_CTP_INVALID_TYPE: [400, null],
};

/** One handler for the whole app: every error leaves as `{data: null, error}`. */
export function registerErrorHandler(app: FastifyInstance, maxBodyBytes: number) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status: number;
    let message: string;
    if (err instanceof AppError) {
      status = err.statusCode;
      message = err.message;
    } else if (err.validation) {
      status = 400;
      message = err.message;
    } else if (err.code && CLIENT_ERRORS[err.code]) {
      const [code, text] = CLIENT_ERRORS[err.code]!;
      status = code;
      message = text ?? (code === 413 ? `Request body is larger than ${maxBodyBytes} bytes` : code === 415 ? `Unsupported Content-Type: send application/json` : err.message);
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
    reply.code(404).send({ data: null, error: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}

// The error messages every operation may answer (each becomes an example `{data: null, error}`
// in openapi/document.ts), taken from errors.ts so an example never drifts from the server.
import { Errors } from '../../errors.ts';

/** The 404 message of the resources under /api/<segment>/{id}. */
const NOT_FOUND: Record<string, string> = {
  replies: Errors.ReplyNotFound().message,
  contacts: Errors.ContactNotFound().message,
  webhooks: Errors.WebhookNotFound().message,
  categories: Errors.CategoryNotFound().message,
  clients: Errors.ClientNotFound().message,
};

/**
 * The messages every operation may answer, by status: 401 and 403 everywhere, 404 of the
 * resource its path names, 429 of the rate limiter, and a POST's Idempotency-Key and body
 * refusals.
 */
export function defaultErrors(op: { method: string; url: string; permission?: string }): Record<number, string[]> {
  const resource = op.url.split('/')[2] ?? '';
  const post = op.method === 'POST';
  return {
    400: [...(post ? [Errors.InvalidIdempotencyKey().message] : [])],
    401: [Errors.InvalidApiKey().message],
    403: op.permission ? [Errors.Forbidden(op.permission).message] : [],
    404: op.url.includes(':') && NOT_FOUND[resource] ? [NOT_FOUND[resource]] : [],
    409: post ? [Errors.IdempotencyKeyInProgress().message] : [],
    413: ['Request body is larger than 1048576 bytes'],
    415: ['Unsupported Content-Type: send application/json'],
    422: post ? [Errors.IdempotencyKeyReused().message] : [],
    429: ['Rate limit of 60 requests per minute exceeded; retry in 42 seconds'],
  };
}

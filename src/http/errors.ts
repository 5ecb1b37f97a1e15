// Domain errors: named, coded constants in the manner of Fastify's lib/errors.js. Services
// throw these; the one error handler in http/error-handler.ts turns them into the envelope.
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const define = (statusCode: number, code: string, message: string) => () => new AppError(statusCode, code, message);

export const Errors = {
  InvalidApiKey: define(401, 'INVALID_API_KEY', 'Invalid API key'),
  Forbidden: (permission: string) =>
    new AppError(403, 'FORBIDDEN', `This API key lacks the ${permission} permission`),
  ReplyNotFound: define(404, 'REPLY_NOT_FOUND', 'Reply not found'),
  ContactNotFound: define(404, 'CONTACT_NOT_FOUND', 'Contact not found'),
  InvalidCategoryId: define(400, 'INVALID_CATEGORY_ID', 'Invalid category_id'),
  InvalidClientId: define(400, 'INVALID_CLIENT_ID', 'Invalid client_id'),
  InvalidConnectionId: define(400, 'INVALID_CONNECTION_ID', 'Invalid connection_id'),
  EmptyUpdate: define(400, 'EMPTY_UPDATE', 'Nothing to update: give at least one of status, category_id, ai_response'),
  CategoryExists: (name: string) => new AppError(409, 'CATEGORY_EXISTS', `A category named "${name}" already exists`),
  BadRequest: (message: string) => new AppError(400, 'BAD_REQUEST', message),
  UnsupportedVersion: (version: string, supported: readonly string[]) =>
    new AppError(400, 'UNSUPPORTED_VERSION', `Unsupported Replydesk-Version "${version}"; supported: ${supported.join(', ')}`),
  NotFound: define(404, 'NOT_FOUND', 'Not found'),
  WebhookNotFound: define(404, 'WEBHOOK_NOT_FOUND', 'Webhook endpoint not found'),
  DeliveryNotFound: define(404, 'DELIVERY_NOT_FOUND', 'Delivery not found'),
  InvalidWebhookUrl: (reason: string) => new AppError(400, 'INVALID_WEBHOOK_URL', `Invalid webhook url: ${reason}`),
  UnknownEventTypes: (unknown: string[], allowed: readonly string[]) =>
    new AppError(400, 'UNKNOWN_EVENT_TYPES', `Unknown event type(s): ${unknown.join(', ')}. Allowed: ${allowed.join(', ')}`),
  EndpointDisabled: define(409, 'ENDPOINT_DISABLED', 'The webhook endpoint is disabled; enable it with PATCH {"enabled": true} first'),
  DeliveryInProgress: define(409, 'DELIVERY_IN_PROGRESS', 'The delivery is still being attempted; wait for it to succeed or fail'),
};

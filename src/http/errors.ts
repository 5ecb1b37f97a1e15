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
};

// Domain errors, below every service: named, coded constants in the manner of Fastify's lib/errors.js. Services
// throw these; the one error handler in http/error-handler.ts turns them into the envelope.
import type { ValueProblem } from './http/validation.ts';

export class AppError extends Error {
  /** Sent as Retry-After (a 429 that knows when the budget comes back). */
  retryAfterSeconds?: number;

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
  NotSignedIn: define(401, 'NOT_SIGNED_IN', 'Not signed in'),
  InvalidMetricsToken: define(401, 'INVALID_METRICS_TOKEN', 'Invalid metrics token'),
  MetricsOff: define(404, 'NOT_FOUND', 'Not found'),
  CsrfFailed: define(403, 'CSRF_FAILED', 'CSRF token missing or invalid'),
  RoleForbidden: (role: string) => new AppError(403, 'ROLE_FORBIDDEN', `Your role (${role}) does not allow this; ask an owner or admin of the workspace`),
  Forbidden: (permission: string) => new AppError(403, 'FORBIDDEN', `This API key lacks the ${permission} permission`),
  ReplyNotFound: define(404, 'REPLY_NOT_FOUND', 'Reply not found'),
  ContactNotFound: define(404, 'CONTACT_NOT_FOUND', 'Contact not found'),
  InvalidCategoryId: define(400, 'INVALID_CATEGORY_ID', 'Invalid category_id'),
  InvalidClientId: define(400, 'INVALID_CLIENT_ID', 'Invalid client_id'),
  InvalidAssigneeId: define(400, 'INVALID_ASSIGNEE_ID', 'Invalid assignee_id'),
  InvalidRoundRobin: define(400, 'INVALID_ROUND_ROBIN', 'Invalid round_robin: give user ids of members of the workspace (GET /api/members)'),
  InvalidConnectionId: define(400, 'INVALID_CONNECTION_ID', 'Invalid connection_id'),
  EmptyUpdate: define(400, 'EMPTY_UPDATE', 'Nothing to update: give at least one of status, category_id, client_id, ai_response, snoozed_until, assignee_id'),
  OutgoingNotFound: define(404, 'OUTGOING_NOT_FOUND', 'Outgoing message not found'),
  OutgoingNotFailed: (status: string) => new AppError(409, 'OUTGOING_NOT_FAILED', `Only failed or held mail can be retried; this message is ${status}`),
  OutgoingNotCancellable: (status: string) => new AppError(409, 'OUTGOING_NOT_CANCELLABLE', `Only scheduled or held mail can be cancelled; this message is ${status}`),
  CategoryNotFound: define(404, 'CATEGORY_NOT_FOUND', 'Category not found'),
  ClientNotFound: define(404, 'CLIENT_NOT_FOUND', 'Client not found'),
  CategoryExists: (name: string) => new AppError(409, 'CATEGORY_EXISTS', `A category named "${name}" already exists`),
  BadValue: (where: string, problem: ValueProblem) =>
    problem === 'nul'
      ? new AppError(400, 'NUL_IN_TEXT', `Text in the ${where} must not contain NUL characters (\\u0000)`)
      : problem === 'surrogate'
        ? new AppError(400, 'ILL_FORMED_TEXT', `Text in the ${where} must be well-formed Unicode: it holds a lone surrogate (\\ud800-\\udfff without its pair)`)
        : new AppError(400, 'NUMBER_OUT_OF_RANGE', `Numbers in the ${where} must be finite: one is beyond the range of a double (about 1.8e308)`),
  JsonTooDeep: (max: number) => new AppError(400, 'JSON_TOO_DEEP', `The request body nests objects and arrays more than ${max} levels deep`),
  UnknownQueryParameter: (name: string, known: string[]) =>
    new AppError(400, 'UNKNOWN_QUERY_PARAMETER', `Unknown query parameter: ${JSON.stringify(name)}` + (known.length ? ` (this endpoint takes ${known.join(', ')})` : ' (this endpoint takes none)')),
  BodyNotAccepted: define(400, 'BODY_NOT_ACCEPTED', 'This endpoint takes no request body'),
  BadUrl: define(400, 'BAD_URL', 'The URL path holds a malformed percent-encoding'),
  UrlTooLong: (max: number) => new AppError(414, 'URL_TOO_LONG', `The URL is longer than ${max} characters`),
  ShuttingDown: define(503, 'SHUTTING_DOWN', 'The server is shutting down; retry on another instance'),
  BadRequest: (message: string) => new AppError(400, 'BAD_REQUEST', message),
  BodyTooLarge: (limit: number) => new AppError(413, 'BODY_TOO_LARGE', `Request body is larger than ${limit} bytes`),
  UnsupportedVersion: (version: string, supported: readonly string[]) => new AppError(400, 'UNSUPPORTED_VERSION', `Unsupported Replydesk-Version "${version}"; supported: ${supported.join(', ')}`),
  NotFound: define(404, 'NOT_FOUND', 'Not found'),
  WebhookNotFound: define(404, 'WEBHOOK_NOT_FOUND', 'Webhook endpoint not found'),
  DeliveryNotFound: define(404, 'DELIVERY_NOT_FOUND', 'Delivery not found'),
  InvalidWebhookUrl: (reason: string) => new AppError(400, 'INVALID_WEBHOOK_URL', `Invalid webhook url: ${reason}`),
  UnknownEventTypes: (unknown: string[], allowed: readonly string[]) => new AppError(400, 'UNKNOWN_EVENT_TYPES', `Unknown event type(s): ${unknown.join(', ')}. Allowed: ${allowed.join(', ')}`),
  EndpointDisabled: define(409, 'ENDPOINT_DISABLED', 'The webhook endpoint is disabled; enable it with PATCH {"enabled": true} first'),
  DeliveryInProgress: define(409, 'DELIVERY_IN_PROGRESS', 'The delivery is still being attempted; wait for it to succeed or fail'),
  // Sending and forwarding (docs/mail.md; the first two are fixed messages of docs/api.md "Errors").
  NoRecipients: define(400, 'NO_RECIPIENTS', 'At least one recipient email is required'),
  InvalidEmail: (address: string) => new AppError(400, 'INVALID_EMAIL', `Invalid email address: ${address}`),
  TooManyRecipients: (max: number) => new AppError(400, 'TOO_MANY_RECIPIENTS', `Too many recipients: a forward goes to at most ${max} addresses`),
  TooManyCopies: (max: number) => new AppError(400, 'TOO_MANY_RECIPIENTS', `Too many recipients: an answer is copied (cc and bcc) to at most ${max} addresses`),
  NothingToSend: define(400, 'NOTHING_TO_SEND', "Nothing to send: give a message, or set the reply's ai_response first"),
  UnmailableAddress: (field: string, address: string) => new AppError(400, 'UNMAILABLE_ADDRESS', `The reply's ${field} cannot be used for mail: ${address}`),
  ReplyAlreadySent: define(409, 'REPLY_ALREADY_SENT', 'This reply was already sent'),
  AnswerScheduled: define(409, 'ANSWER_SCHEDULED', 'This reply already has an answer waiting to be sent: cancel it first (POST /api/replies/{id}/outgoing/{outgoing_id}/cancel)'),
  InvalidSendAt: define(400, 'INVALID_SEND_AT', 'Invalid send_at: give a time in the future, at most 30 days ahead'),
  ReplyChanged: define(412, 'REPLY_CHANGED', 'The reply changed since you read it (If-Match): read it again and apply your change to what it holds now'),
  DoNotContact: define(409, 'DO_NOT_CONTACT', 'The contact is marked do-not-contact; nothing was sent. A person can clear it with PATCH /api/contacts/{id} {"do_not_contact": false}'),
  MailQuotaExceeded: (limit: number, minutes: number) =>
    new AppError(429, 'MAIL_QUOTA_EXCEEDED', `Sending quota of ${limit} recipients per hour reached for this workspace; nothing was sent. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}`),
  // Mailboxes (docs/mailboxes.md "Connecting")
  ConnectionNotFound: define(404, 'CONNECTION_NOT_FOUND', 'Connection not found'),
  MailboxCheckFailed: (message: string) => new AppError(400, 'MAILBOX_CHECK_FAILED', message),
  AttachmentNotFound: define(404, 'ATTACHMENT_NOT_FOUND', 'Attachment not found'),
  AttachmentNotStored: (reason: string) => new AppError(404, 'ATTACHMENT_NOT_STORED', `Attachment not stored: ${reason}`),
  // Idempotency-Key (docs/mail.md)
  InvalidIdempotencyKey: define(400, 'INVALID_IDEMPOTENCY_KEY', 'Idempotency-Key must be 1 to 255 printable ASCII characters'),
  IdempotencyKeyReused: define(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request (method, path or body); use a new key for a new request'),
  IdempotencyKeyInProgress: define(409, 'IDEMPOTENCY_KEY_IN_PROGRESS', 'A request with this Idempotency-Key is still in progress'),
};

/** The dashboard's refusals: signing in, invitations, members (docs/dashboard.md). */

export const DashboardErrors = {
  BadCredentials: () => new AppError(401, 'BAD_CREDENTIALS', 'Email or password is incorrect'),
  TooManyAttempts: (what: string, minutes: number) =>
    Object.assign(new AppError(429, 'TOO_MANY_ATTEMPTS', `Too many ${what}; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`), { retryAfterSeconds: minutes * 60 }),
  BadLink: (what: string) => new AppError(403, 'INVALID_LINK', `${what} link is invalid or already used`),
  BadPassword: (problem: string) => new AppError(400, 'BAD_PASSWORD', problem[0]!.toUpperCase() + problem.slice(1)),
  BadEmail: () => new AppError(400, 'INVALID_EMAIL', 'email must be an email address'),
  NotAMember: () => new AppError(404, 'WORKSPACE_NOT_FOUND', 'Workspace not found'),
  MemberNotFound: () => new AppError(404, 'MEMBER_NOT_FOUND', 'Member not found'),
  LastOwner: () => new AppError(409, 'LAST_OWNER', 'A workspace needs at least one owner: make someone else owner first'),
  OwnersOnly: () => new AppError(403, 'OWNERS_ONLY', 'Only an owner can make or change an owner'),
  AlreadyMember: (email: string) => new AppError(409, 'ALREADY_MEMBER', `${email} is already a member of this workspace`),
  InviteNotFound: (email: string) => new AppError(404, 'INVITE_NOT_FOUND', `No pending invitation for ${email}`),
  SignInToJoin: (email: string) => new AppError(409, 'SIGN_IN_TO_JOIN', `${email} already has a Replydesk account: sign in as ${email} to join this workspace`),
  InvitedSomeoneElse: (email: string) => new AppError(403, 'INVITED_SOMEONE_ELSE', `This invitation is for ${email}: sign in as ${email} to accept it`),
  SetupDone: () => new AppError(409, 'SETUP_DONE', 'Setup is done: sign in instead'),
};

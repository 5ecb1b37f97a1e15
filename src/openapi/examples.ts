// Every example of the OpenAPI document, in one place, keyed by operationId (openapi/document.ts
// puts them into the document). A few sample resources are written once and every answer is
// built from them. Error messages are taken from errors.ts, so an example can never
// drift from what the server says. The Redocly linter (test/openapi-lint.test.ts) checks each
// example against its schema, extra fields included; test/openapi.test.ts fails when an
// operation lacks an example for its request body or any 2xx or 4xx answer.
import { MAX_FORWARD_RECIPIENTS } from '../mail/schemas.ts';
import { ListRepliesQuery } from '../replies/schemas.ts';
import { EVENT_CHOICES } from '../webhooks/schemas.ts';
import type { EventType } from '../webhooks/events.ts';
import { Errors } from '../errors.ts';
import { OAuthErrors } from '../mailboxes/oauth.ts';

/** One named example: what the reference shows as its title, and the value. */
export interface Example {
  summary: string;
  value: unknown;
}
export type Examples = Record<string, Example>;

export interface OperationExamples {
  /** The request body's examples. */
  body?: Examples;
  /** The examples of each 2xx answer with a body. */
  ok: Record<number, Examples>;
  /**
   * Messages of 4xx answers beyond the defaults (`defaultErrors`), each becoming an example
   * `{data: null, error}`: this operation's own reasons for a 400, 404, 409 or 429.
   */
  errors?: Record<number, string[]>;
}

const one = (summary: string, value: unknown): Examples => ({ [camel(summary)]: { summary, value } });
const camel = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase()).replace(/[^a-zA-Z0-9]/g, '');

// ── sample resources ────────────────────────────────────────────────────────────────────
const REPLY_ID = '0190f5a2-7c3e-7d1a-9b2e-4f6a8c0d1e2f';
const CONTACT_ID = '0190f5a2-7b10-7c4d-8e2f-1a2b3c4d5e6f';
const CATEGORY_ID = '0190f5a0-1c2d-7e3f-9a4b-5c6d7e8f9a0b';
const CLIENT_ID = '0190f5a0-2d3e-7f4a-8b5c-6d7e8f9a0b1c';
const CONNECTION_ID = '0190f5a0-3e4f-7a5b-9c6d-7e8f9a0b1c2d';
const WEBHOOK_ID = '0190f5a1-4f5a-7b6c-8d7e-8f9a0b1c2d3e';
const DELIVERY_ID = '0190f5a3-5a6b-7c7d-9e8f-9a0b1c2d3e4f';
const EVENT_ID = 'msg_0190f5a35a6b7c7d9e8f9a0b1c2d3e4f';
const CURSOR = 'WyJkIiwiMjAyNi0xMS0yMFQwOTo0MjoxMi4wMDBaIiwiMDE5MGY1YTItN2MzZS03ZDFhLTliMmUtNGY2YThjMGQxZTJmIl0';

const RECEIVED_AT = '2026-11-20T09:42:12.000Z';
const CREATED_AT = '2026-11-20T09:42:13.204Z';

const category = { id: CATEGORY_ID, name: 'Interested', color: '#22c55e', is_positive: true, drafts: true, template: null, created_at: '2026-11-01T08:00:00.000Z' };
const client = { id: CLIENT_ID, name: 'Acme Outbound', service_description: 'Done-for-you cold email for B2B SaaS.', created_at: '2026-11-01T08:00:00.000Z' };
const connection = {
  id: CONNECTION_ID,
  name: 'Sam at Outreach',
  email: 'sam@outreach.example.org',
  imap: { host: 'imap.fastmail.com', port: 993, tls: 'implicit', username: 'sam@outreach.example.org', folder: 'INBOX', sent_folder: null },
  smtp: { host: 'smtp.fastmail.com', port: 465, tls: 'implicit', username: 'sam@outreach.example.org' },
  signature: { text: 'Sam Rivera\nOutreach Co.', html: '' },
  auth: 'password',
  oauth: null,
  paused: false,
  sync: { state: 'active', last_synced_at: '2026-11-20T09:42:30.000Z', last_error: null, skipped: 0 },
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};

const replyListItem = {
  id: REPLY_ID,
  from_email: 'ada@prospect.example.com',
  from_name: 'Ada Lovelace',
  to_email: 'sam@outreach.example.org',
  subject: 'Re: Quick question',
  body_text: 'Sounds interesting, send me pricing.',
  body_html: '<p>Sounds interesting, send me pricing.</p>',
  status: 'pending',
  category_id: CATEGORY_ID,
  category: { id: CATEGORY_ID, name: category.name, color: category.color },
  ai_response: null,
  sent_response: null,
  client_id: CLIENT_ID,
  connection_id: CONNECTION_ID,
  contact_id: CONTACT_ID,
  received_at: RECEIVED_AT,
  handled_at: null,
  snoozed_until: null,
  created_at: CREATED_AT,
};

const replyDetail = {
  ...replyListItem,
  category: { id: CATEGORY_ID, name: category.name, color: category.color, is_positive: true },
  client: { id: CLIENT_ID, name: client.name, service_description: client.service_description },
  contact: { id: CONTACT_ID, email: 'ada@prospect.example.com', first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines Ltd', do_not_contact: false },
  thread: [{ from: 'sam@outreach.example.org', to: 'ada@prospect.example.com', subject: 'Quick question', body: 'Hi Ada, worth a chat about your outbound?', sent_at: '2026-11-19T09:00:00.000Z' }],
  outgoing: [],
  attachments: [{ id: '0190f5a4-6b7c-7d8e-9f0a-1b2c3d4e5f6a', filename: 'requirements.pdf', content_type: 'application/pdf', size: 48_213, stored: true, skipped_reason: null, download_url: `/api/replies/${REPLY_ID}/attachments/0190f5a4-6b7c-7d8e-9f0a-1b2c3d4e5f6a` }],
  triage: { source: 'classifier', reason: 'classifier 0.97', confidence: 0.97, category_id: CATEGORY_ID, suggestions: [] },
};

const replyUpdated = {
  id: REPLY_ID,
  from_email: replyListItem.from_email,
  from_name: replyListItem.from_name,
  status: 'ready',
  category_id: CATEGORY_ID,
  ai_response: 'Hi Ada, happy to. Our plans start at $500 a month; here is the overview…',
  snoozed_until: null,
  updated_at: '2026-11-20T10:05:00.000Z',
};

const contactListItem = {
  id: CONTACT_ID,
  email: 'ada@prospect.example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Analytical Engines Ltd',
  title: 'Head of Growth',
  reply_count: 1,
  last_reply_at: RECEIVED_AT,
  created_at: CREATED_AT,
  do_not_contact: false,
  bouncing: false,
};

const contactDetail = {
  ...contactListItem,
  linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
  phone: '+44 20 7946 0000',
  metadata: { campaign: 'q4-saas' },
  replies: [{ id: REPLY_ID, subject: 'Re: Quick question', status: 'pending', category: 'Interested', received_at: RECEIVED_AT }],
  do_not_contact_since: null,
  do_not_contact_reason: null,
  bouncing_since: null,
};

const triageSettings = {
  enabled: true,
  instructions: 'Be brief. Never promise a discount.',
  sender_name: '',
  signature: '',
  template_variables: ['first_name', 'last_name', 'company', 'client_name', 'service_description', 'sender_name', 'signature'],
  learned_examples: 12,
  model: { configured: true, base_url: 'http://127.0.0.1:11434/v1', model: 'llama3.1', timeout_seconds: 20, daily_budget: 1000, calls_today: 37 },
};

const endpoint = {
  id: WEBHOOK_ID,
  url: 'https://hooks.example.com/replydesk',
  events: ['reply.received', 'reply.sent'],
  description: 'CRM sync',
  enabled: true,
  disabled_reason: null,
  disabled_at: null,
  failing_since: null,
  secret_rotated_until: null,
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const delivery = {
  id: DELIVERY_ID,
  event_id: EVENT_ID,
  event_type: 'reply.received',
  status: 'succeeded',
  attempts: 2,
  next_attempt_at: null,
  last_status_code: 200,
  last_error: null,
  created_at: CREATED_AT,
  updated_at: '2026-11-20T09:42:19.880Z',
  attempt_log: [
    { attempt: 1, status_code: 503, duration_ms: 112, error: null, response_body: 'Service Unavailable', at: '2026-11-20T09:42:13.420Z' },
    { attempt: 2, status_code: 200, duration_ms: 48, error: null, response_body: 'ok', at: '2026-11-20T09:42:19.880Z' },
  ],
};

const outgoingMessage = {
  id: '0190f5a4-6b7c-7d8e-9f0a-1b2c3d4e5f6a',
  kind: 'send',
  to: ['ada@prospect.example.com'],
  subject: 'Re: Quick question',
  status: 'failed',
  message_id: '<0190f5a4-6b7c@outreach.example.org>',
  error: '550 5.1.1 Mailbox unavailable',
  attempts: 5,
  created_at: '2026-11-20T10:06:00.000Z',
  sent_at: null,
};

const single = (data: unknown) => ({ data });
const page = (items: unknown[], cursor?: boolean) => ({
  data: items,
  pagination: { total: 57, limit: 20, offset: 0, hasMore: true, ...(cursor ? { next_cursor: CURSOR } : {}) },
});

// ── operations ──────────────────────────────────────────────────────────────────────────
export const OPERATION_EXAMPLES: Record<string, OperationExamples> = {
  listReplies: {
    ok: { 200: one('A page of pending replies', page([replyListItem], true)) },
    errors: {
      400: [
        'status must be one of pending, ready, sent, archived',
        Errors.UnknownQueryParameter('clinet_id', Object.keys(ListRepliesQuery.properties)).message,
        'cursor is not a cursor of this list (take pagination.next_cursor of the previous page, with the same sort)',
      ],
    },
  },
  getReply: { ok: { 200: one('A reply with its client, contact and thread', single(replyDetail)) } },
  updateReply: {
    body: {
      ...one('Write a draft (a pending reply becomes ready)', { ai_response: replyUpdated.ai_response }),
      ...one('Categorise and archive', { category_id: CATEGORY_ID, status: 'archived' }),
      ...one('Snooze until a date', { snoozed_until: '2026-12-01T08:00:00Z' }),
    },
    ok: { 200: one('The reply after the change', single(replyUpdated)) },
    errors: { 400: [Errors.InvalidCategoryId().message, Errors.EmptyUpdate().message, 'snoozed_until must be in the future (null wakes the reply)'] },
  },
  bulkUpdateReplies: {
    body: one('Archive two replies', { ids: [REPLY_ID, '0190f5a2-8d4f-7e2b-8c3f-5a7b9d1e2f3a'], status: 'archived' }),
    ok: { 200: one('Both replies changed', single({ updated: 2, ids: [REPLY_ID, '0190f5a2-8d4f-7e2b-8c3f-5a7b9d1e2f3a'] })) },
    errors: { 400: ['ids must have at least 1 item', Errors.InvalidCategoryId().message], 404: [Errors.ReplyNotFound().message] },
  },
  createReply: {
    body: one('A reply received to an outreach email', {
      from_email: 'ada@prospect.example.com',
      from_name: 'Ada Lovelace',
      to_email: 'sam@outreach.example.org',
      subject: 'Re: Quick question',
      body_text: 'Sounds interesting, send me pricing.',
      received_at: '2026-11-20T09:42:12Z',
      client_id: CLIENT_ID,
      message_id: '<CAF=ada.123@mail.prospect.example.com>',
      thread: [{ from: 'sam@outreach.example.org', to: 'ada@prospect.example.com', subject: 'Quick question', body: 'Hi Ada, worth a chat about your outbound?', sent_at: '2026-11-19T09:00:00Z' }],
      contact: { company: 'Analytical Engines Ltd', title: 'Head of Growth' },
    }),
    ok: {
      200: one('The message_id was already stored: the stored reply', single({ ...replyDetail, category_id: null, category: null })),
      201: one('The stored reply', single({ ...replyDetail, category_id: null, category: null })),
    },
    errors: { 400: ['from_email is required', Errors.InvalidClientId().message] },
  },
  sendReply: {
    body: {
      ...one('Send the reply\'s draft (ai_response)', {}),
      ...one('Send this text', { message: 'Hi Ada, happy to. Our plans start at $500 a month.' }),
    },
    ok: { 200: one('Sent', single({ success: true, sent_to: 'ada@prospect.example.com', sent_at: '2026-11-20T10:06:00.000Z', sent_response: 'Hi Ada, happy to. Our plans start at $500 a month.', status: 'sent' })) },
    errors: {
      400: [Errors.NothingToSend().message],
      409: [Errors.ReplyAlreadySent().message],
      429: [Errors.MailQuotaExceeded(200, 17).message],
    },
  },
  forwardReply: {
    body: one('Forward to the closer', { to: ['closer@agency.example.com'], message: 'Hot lead, please call today.', include_thread: true }),
    ok: { 200: one('Forwarded', single({ success: true, forwarded_to: ['closer@agency.example.com'], forwarded_at: '2026-11-20T10:07:00.000Z' })) },
    errors: {
      400: [Errors.NoRecipients().message, Errors.InvalidEmail('closer@').message, Errors.TooManyRecipients(MAX_FORWARD_RECIPIENTS).message],
      429: [Errors.MailQuotaExceeded(200, 17).message],
    },
  },
  retryReplyOutgoing: {
    ok: { 200: one('Queued again', single({ ...outgoingMessage, status: 'queued', error: null })) },
    errors: { 404: [Errors.OutgoingNotFound().message], 409: [Errors.OutgoingNotFailed('sent').message] },
  },
  listContacts: {
    ok: { 200: one('A page of contacts', page([contactListItem], true)) },
    errors: { 400: ['limit must be an integer', Errors.UnknownQueryParameter('query', ['q', 'cursor', 'limit', 'offset']).message] },
  },
  getContact: { ok: { 200: one('A contact with their replies', single(contactDetail)) } },
  updateContact: {
    body: one('A person allows sends again', { do_not_contact: false }),
    ok: { 200: one('The contact after the change', single(contactDetail)) },
    errors: { 400: ['Nothing to update: give do_not_contact or bouncing', 'do_not_contact must be a boolean'] },
  },
  getTriage: { ok: { 200: one("The workspace's triage settings", single(triageSettings)) } },
  updateTriage: {
    body: one('Turn triage on and sign drafts', { enabled: true, sender_name: 'Sam Carter', signature: 'Sam Carter\nBrightpath Agency' }),
    ok: { 200: one('The settings after the change', single({ ...triageSettings, sender_name: 'Sam Carter', signature: 'Sam Carter\nBrightpath Agency' })) },
    errors: { 400: ['Nothing to update: give at least one of enabled, instructions, sender_name, signature', 'enabled must be a boolean'] },
  },
  listCategories: {
    ok: { 200: one('A page of categories', page([category])) },
    errors: { 400: ['limit must be at least 1'] },
  },
  createCategory: {
    body: one('A positive category', { name: 'Interested', color: '#22c55e', is_positive: true }),
    ok: { 201: one('The new category', single(category)) },
    errors: { 400: ['color has an invalid format'], 409: [Errors.CategoryExists('Interested').message] },
  },
  updateCategory: {
    body: {
      ...one('Rename', { name: 'Hot lead' }),
      ...one('Recolour and mark as good news', { color: '#16a34a', is_positive: true }),
      ...one('Triage drafts replies for it, from this template', { drafts: true, template: 'Hi {{first_name}},\n\nThanks for getting back to me.\n\n{{signature}}' }),
    },
    ok: { 200: one('The category after the change', single({ ...category, name: 'Hot lead' })) },
    errors: { 400: ['Nothing to update: give at least one of name, color, is_positive, drafts, template', 'color has an invalid format', 'template: unknown variable(s) {{firstname}}; use {{first_name}}, {{last_name}}, {{company}}, {{client_name}}, {{service_description}}, {{sender_name}}, {{signature}}'], 409: [Errors.CategoryExists('Hot lead').message] },
  },
  deleteCategory: { ok: {} },
  listClients: {
    ok: { 200: one('A page of clients', page([client])) },
    errors: { 400: ['limit must be at least 1'] },
  },
  createClient: {
    body: one('A client', { name: client.name, service_description: client.service_description }),
    ok: { 201: one('The new client', single(client)) },
    errors: { 400: ['name must not be empty'] },
  },
  updateClient: {
    body: one('A new service description', { service_description: 'Done-for-you cold email and LinkedIn outreach for B2B SaaS.' }),
    ok: { 200: one('The client after the change', single({ ...client, service_description: 'Done-for-you cold email and LinkedIn outreach for B2B SaaS.' })) },
    errors: { 400: ['Nothing to update: give at least one of name, service_description', 'name must not be empty'] },
  },
  deleteClient: { ok: {} },
  listConnections: {
    ok: { 200: one('A page of connections', page([connection])) },
    errors: { 400: ['limit must be at least 1'] },
  },
  createConnection: {
    body: {
      ...one('A mailbox with IMAP and SMTP', {
        name: connection.name, email: connection.email,
        imap: { host: connection.imap.host, port: 993, tls: 'implicit', username: connection.email, password: 'app-password' },
        smtp: { host: connection.smtp.host, port: 465, tls: 'implicit', username: connection.email, password: 'app-password' },
        signature: { text: connection.signature.text },
      }),
      ...one('An address only (no sync, sends through SMTP_URL)', { name: connection.name, email: connection.email }),
    },
    ok: { 201: one('The new connection, not synced yet', single({ ...connection, sync: { state: 'pending', last_synced_at: null, last_error: null, skipped: 0 } })) },
    errors: {
      400: [
        'email must be a valid email address',
        Errors.MailboxCheckFailed('IMAP: login failed: the server refused the username or password (NO [AUTHENTICATIONFAILED] Authentication failed.)').message,
        Errors.MailboxCheckFailed('SMTP: DNS lookup of smtp.example.invalid failed (no such host)').message,
        Errors.MailboxCheckFailed('IMAP: 10.0.0.5, a private address; mailbox hosts on internal networks are refused (MAILBOX_ALLOW_PRIVATE_NETWORKS=true allows them)').message,
      ],
    },
  },
  startConnectionOAuth: {
    body: {
      ...one('Connect a Google Workspace mailbox', { provider: 'google' }),
      ...one('Connect a Microsoft 365 mailbox, named', { provider: 'microsoft', name: 'Sam at Outreach' }),
    },
    ok: { 200: one('Where to send the person', single({ authorization_url: 'https://accounts.google.com/o/oauth2/v2/auth?client_id=…&redirect_uri=https%3A%2F%2Freplies.example.com%2Foauth%2Fcallback&response_type=code&scope=openid+email+https%3A%2F%2Fmail.google.com%2F&state=…&nonce=…&code_challenge=…&code_challenge_method=S256&access_type=offline&prompt=consent' })) },
    errors: { 400: [OAuthErrors.NotConfigured('Microsoft', 'MICROSOFT').message], 502: [OAuthErrors.ProviderDown("Google's sign-in service did not answer (ETIMEDOUT); try again in a moment").message] },
  },
  getConnection: {
    ok: { 200: one('A connection and its sync state', single(connection)) },
    errors: { 404: [Errors.ConnectionNotFound().message] },
  },
  updateConnection: {
    body: {
      ...one('Pause the sync', { paused: true }),
      ...one('A new app password', { imap: { password: 'new-app-password' }, smtp: { password: 'new-app-password' } }),
    },
    ok: { 200: one('The connection after the change', single({ ...connection, paused: true, sync: { ...connection.sync, state: 'paused' } })) },
    errors: {
      400: ['Nothing to update: give at least one of name, email, imap, smtp, signature, paused', Errors.MailboxCheckFailed('IMAP: login failed: the server refused the username or password (NO [AUTHENTICATIONFAILED] Authentication failed.)').message],
      404: [Errors.ConnectionNotFound().message],
    },
  },
  deleteConnection: { ok: {}, errors: { 404: [Errors.ConnectionNotFound().message] } },
  listConnectionSkipped: {
    ok: { 200: one('Messages that were not made replies', single([{ folder: 'INBOX', uid: 4211, message_id: '<a1b2@outreach.example.org>', reason: 'sent by the mailbox itself', created_at: CREATED_AT }])) },
    errors: { 404: [Errors.ConnectionNotFound().message] },
  },
  getReplyAttachment: {
    ok: { 200: one('The bytes of the file', '%PDF-1.7 …') },
    errors: { 404: [Errors.AttachmentNotFound().message, Errors.AttachmentNotStored('larger than the limit of 10485760 bytes (MAILBOX_ATTACHMENT_MAX_MB)').message] },
  },
  createWebhook: {
    body: one('Two event types', { url: endpoint.url, events: endpoint.events, description: endpoint.description }),
    ok: { 201: one('The endpoint with its secret, shown this once', single({ ...endpoint, secret: SECRET })) },
    errors: {
      400: [
        Errors.InvalidWebhookUrl('must be an absolute http:// or https:// URL').message,
        Errors.UnknownEventTypes(['reply.deleted'], EVENT_CHOICES).message,
        Errors.InvalidWebhookUrl('10.0.0.5 is a private address; private networks are refused').message,
      ],
    },
  },
  listWebhooks: {
    ok: { 200: one('A page of endpoints', page([endpoint])) },
    errors: { 400: ['limit must be at least 1'] },
  },
  getWebhook: { ok: { 200: one('An endpoint', single(endpoint)) } },
  updateWebhook: {
    body: {
      ...one('Enable again', { enabled: true }),
      ...one('Receive every event', { events: ['*'] }),
    },
    ok: { 200: one('The endpoint after the change', single({ ...endpoint, events: ['*'], updated_at: '2026-11-21T08:00:00.000Z' })) },
    errors: { 400: ['enabled must be a boolean', Errors.InvalidWebhookUrl('must be an absolute http:// or https:// URL').message] },
  },
  deleteWebhook: { ok: {} },
  rotateWebhookSecret: {
    ok: { 200: one('The new secret; the old one signs alongside until secret_rotated_until', single({ ...endpoint, secret: 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD', secret_rotated_until: '2026-11-22T08:00:00.000Z', updated_at: '2026-11-21T08:00:00.000Z' })) },
  },
  listWebhookDeliveries: {
    ok: { 200: one('A delivery that succeeded at the second attempt', page([delivery])) },
    errors: { 400: ['status must be one of pending, succeeded, failed'], 404: [Errors.WebhookNotFound().message] },
  },
  retryWebhookDelivery: {
    ok: { 202: one('Queued again', single({ delivery_id: DELIVERY_ID, event_id: EVENT_ID })) },
    errors: { 404: [Errors.WebhookNotFound().message, Errors.DeliveryNotFound().message], 409: [Errors.DeliveryInProgress().message, Errors.EndpointDisabled().message] },
  },
  recoverWebhook: {
    body: one('Everything that failed since Friday', { since: '2026-11-20T00:00:00Z' }),
    ok: { 202: one('Three deliveries queued again', single({ requeued: 3, delivery_ids: [DELIVERY_ID, '0190f5a3-6b7c-7d8e-8f9a-0b1c2d3e4f5a', '0190f5a3-7c8d-7e9f-9a0b-1c2d3e4f5a6b'] })) },
    errors: { 400: ['since must be an ISO 8601 date-time such as 2026-01-31T09:30:00Z'], 409: [Errors.EndpointDisabled().message] },
  },
  testWebhook: {
    ok: { 202: one('A webhook.test event queued for this endpoint', single({ event_id: EVENT_ID, delivery_id: DELIVERY_ID })) },
    errors: { 409: [Errors.EndpointDisabled().message] },
  },
};

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

// ── webhook payloads ────────────────────────────────────────────────────────────────────
const outgoing = (subject: string) => ({ id: '7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d', message_id: '<7a6b5c4d@outreach.example.org>', subject });

export const EVENT_EXAMPLES: Record<EventType, unknown> = {
  'reply.received': replyDetail,
  'reply.updated': {
    ...replyUpdated,
    changes: {
      status: { previous: 'pending', current: 'ready' },
      ai_response: { previous: null, current: replyUpdated.ai_response },
    },
  },
  'reply.sent': {
    id: REPLY_ID,
    from_email: replyListItem.from_email,
    from_name: replyListItem.from_name,
    to_email: replyListItem.to_email,
    subject: replyListItem.subject,
    status: 'sent',
    sent_to: replyListItem.from_email,
    sent_at: '2026-11-20T10:06:00.000Z',
    sent_response: 'Hi Ada, happy to. Our plans start at $500 a month.',
    handled_at: '2026-11-20T10:06:00.000Z',
    outgoing: outgoing('Re: Quick question'),
  },
  'reply.forwarded': {
    id: REPLY_ID,
    from_email: replyListItem.from_email,
    subject: replyListItem.subject,
    status: 'ready',
    forwarded_to: ['closer@agency.example.com'],
    forwarded_at: '2026-11-20T10:07:00.000Z',
    message: 'Hot lead, please call today.',
    include_thread: true,
    outgoing: outgoing('Fwd: Re: Quick question'),
  },
  'contact.created': { ...contactListItem, title: null },
  'contact.updated': {
    ...contactListItem,
    do_not_contact: true,
    do_not_contact_since: '2026-11-20T09:42:14.020Z',
    do_not_contact_reason: `Unsubscribe reply ${REPLY_ID} (phrase "remove me from")`,
    bouncing_since: null,
    changes: { do_not_contact: { previous: false, current: true } },
  },
  'webhook.test': { endpoint_id: WEBHOOK_ID, message: 'This is a test event from Replydesk.' },
};

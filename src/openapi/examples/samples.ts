// The sample resources every example of the OpenAPI document is built from (written once, so
// a reply's example and the webhook payload that carries it agree), and the shapes and helpers
// the examples of each resource group (openapi/examples/*.ts) share.

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

/** One example, named after its summary. */
export const one = (summary: string, value: unknown): Examples => ({ [camel(summary)]: { summary, value } });
export const camel = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase())
    .replace(/[^a-zA-Z0-9]/g, '');

export const REPLY_ID = '0190f5a2-7c3e-7d1a-9b2e-4f6a8c0d1e2f';
export const CONTACT_ID = '0190f5a2-7b10-7c4d-8e2f-1a2b3c4d5e6f';
export const CATEGORY_ID = '0190f5a0-1c2d-7e3f-9a4b-5c6d7e8f9a0b';
export const CLIENT_ID = '0190f5a0-2d3e-7f4a-8b5c-6d7e8f9a0b1c';
export const CONNECTION_ID = '0190f5a0-3e4f-7a5b-9c6d-7e8f9a0b1c2d';
export const WEBHOOK_ID = '0190f5a1-4f5a-7b6c-8d7e-8f9a0b1c2d3e';
export const DELIVERY_ID = '0190f5a3-5a6b-7c7d-9e8f-9a0b1c2d3e4f';
export const EVENT_ID = 'msg_0190f5a35a6b7c7d9e8f9a0b1c2d3e4f';
export const MEMBER_ID = '0190f5a0-0a1b-7c2d-8e3f-4a5b6c7d8e9f';
export const CURSOR = 'WyJkIiwiMjAyNi0xMS0yMFQwOTo0MjoxMi4wMDBaIiwiMDE5MGY1YTItN2MzZS03ZDFhLTliMmUtNGY2YThjMGQxZTJmIl0';

export const RECEIVED_AT = '2026-11-20T09:42:12.000Z';
export const CREATED_AT = '2026-11-20T09:42:13.204Z';

export const category = { id: CATEGORY_ID, name: 'Interested', color: '#22c55e', is_positive: true, drafts: true, template: null, created_at: '2026-11-01T08:00:00.000Z' };
export const client = { id: CLIENT_ID, name: 'Acme Outbound', service_description: 'Done-for-you cold email for B2B SaaS.', created_at: '2026-11-01T08:00:00.000Z' };
export const connection = {
  id: CONNECTION_ID,
  name: 'Sam at Outreach',
  email: 'sam@outreach.example.org',
  imap: { host: 'imap.fastmail.com', port: 993, tls: 'implicit', username: 'sam@outreach.example.org', folder: 'INBOX', sent_folder: null },
  smtp: { host: 'smtp.fastmail.com', port: 465, tls: 'implicit', username: 'sam@outreach.example.org' },
  signature: { text: 'Sam Rivera\nOutreach Co.', html: '' },
  display_name: 'Sam Rivera',
  client_id: CLIENT_ID,
  auth: 'password',
  oauth: null,
  paused: false,
  sync: { state: 'active', last_synced_at: '2026-11-20T09:42:30.000Z', last_error: null, skipped: 0 },
  created_at: '2026-11-01T08:00:00.000Z',
  updated_at: '2026-11-01T08:00:00.000Z',
};

export const replyListItem = {
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
  assignee: { id: MEMBER_ID, name: 'Ana Ruiz', email: 'ana@agency.example.com' },
  created_at: CREATED_AT,
};

export const replyNote = {
  id: '0190f5a5-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
  body: 'Client wants a call first: check with Ana before answering.',
  author: { type: 'user', id: MEMBER_ID, name: 'Ana Ruiz' },
  created_at: '2026-11-20T10:02:00.000Z',
};

export const replyDetail = {
  ...replyListItem,
  updated_at: '2026-11-20T10:02:00.000Z',
  category: { id: CATEGORY_ID, name: category.name, color: category.color, is_positive: true },
  client: { id: CLIENT_ID, name: client.name, service_description: client.service_description },
  contact: { id: CONTACT_ID, email: 'ada@prospect.example.com', first_name: 'Ada', last_name: 'Lovelace', company: 'Analytical Engines Ltd', do_not_contact: false },
  thread: [{ from: 'sam@outreach.example.org', to: 'ada@prospect.example.com', subject: 'Quick question', body: 'Hi Ada, worth a chat about your outbound?', sent_at: '2026-11-19T09:00:00.000Z' }],
  outgoing: [],
  attachments: [
    {
      id: '0190f5a4-6b7c-7d8e-9f0a-1b2c3d4e5f6a',
      filename: 'requirements.pdf',
      content_type: 'application/pdf',
      size: 48_213,
      stored: true,
      skipped_reason: null,
      download_url: `/api/replies/${REPLY_ID}/attachments/0190f5a4-6b7c-7d8e-9f0a-1b2c3d4e5f6a`,
    },
  ],
  notes: [replyNote],
  activity: [
    { at: RECEIVED_AT, actor: { type: 'triage', id: null, name: 'Triage' }, action: 'category', from: null, to: CATEGORY_ID },
    { at: '2026-11-20T10:01:00.000Z', actor: { type: 'user', id: MEMBER_ID, name: 'Ana Ruiz' }, action: 'assignee', from: null, to: MEMBER_ID },
    { at: '2026-11-20T10:02:00.000Z', actor: { type: 'user', id: MEMBER_ID, name: 'Ana Ruiz' }, action: 'note' },
  ],
  triage: { source: 'classifier', reason: 'classifier 0.97', confidence: 0.97, category_id: CATEGORY_ID, suggestions: [] },
};

export const replyUpdated = {
  id: REPLY_ID,
  from_email: replyListItem.from_email,
  from_name: replyListItem.from_name,
  status: 'ready',
  category_id: CATEGORY_ID,
  client_id: CLIENT_ID,
  ai_response: 'Hi Ada, happy to. Our plans start at $500 a month; here is the overview…',
  snoozed_until: null,
  assignee_id: MEMBER_ID,
  updated_at: '2026-11-20T10:05:00.000Z',
};

export const contactListItem = {
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

export const contactDetail = {
  ...contactListItem,
  linkedin_url: 'https://www.linkedin.com/in/ada-lovelace',
  phone: '+44 20 7946 0000',
  metadata: { campaign: 'q4-saas' },
  replies: [{ id: REPLY_ID, subject: 'Re: Quick question', status: 'pending', category: 'Interested', received_at: RECEIVED_AT }],
  do_not_contact_since: null,
  do_not_contact_reason: null,
  bouncing_since: null,
};

export const triageSettings = {
  enabled: true,
  instructions: 'Be brief. Never promise a discount.',
  sender_name: '',
  signature: '',
  template_variables: ['first_name', 'last_name', 'company', 'client_name', 'service_description', 'sender_name', 'signature'],
  learned_examples: 12,
  model: { configured: true, base_url: 'http://127.0.0.1:11434/v1', model: 'llama3.1', timeout_seconds: 20, daily_budget: 1000, calls_today: 37 },
};

export const endpoint = {
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
export const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

export const delivery = {
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

export const outgoingMessage = {
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
  send_at: null,
};

export const single = (data: unknown) => ({ data });
export const page = (items: unknown[], cursor?: boolean) => ({
  data: items,
  pagination: { total: 57, limit: 20, offset: 0, hasMore: true, ...(cursor ? { next_cursor: CURSOR } : {}) },
});

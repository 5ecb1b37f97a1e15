import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageQuery, PathId } from '../http/schemas.ts';
import { ACTIONS, type Action } from '../activity/record.ts';
import { AttachmentsIn } from '../http/attachments.ts';

export const Attachment = Type.Object({
  id: Type.String(),
  filename: Type.String(),
  content_type: Type.String(),
  size: Type.Integer({ description: 'Bytes' }),
  stored: Type.Boolean({ description: 'false: larger than the limit (MAILBOX_ATTACHMENT_MAX_MB), listed but not kept' }),
  skipped_reason: Nullable(Type.String()),
  download_url: Nullable(Type.String({ description: 'GET it with the same key; null when not stored' })),
});

export const AttachmentParams = Type.Object({ id: PathId, attachmentId: PathId });

export const STATUSES = ['pending', 'ready', 'sent', 'archived'] as const;
export const Status = Type.Unsafe<(typeof STATUSES)[number]>({ type: 'string', enum: [...STATUSES], description: 'One of pending, ready, sent, archived' });
const Timestamp = Type.String({ format: 'date-time' });

const CategorySummary = Type.Object({ id: Type.String(), name: Type.String(), color: Type.String() });
const CategoryDetail = Type.Object({ id: Type.String(), name: Type.String(), color: Type.String(), is_positive: Type.Boolean() });

const ActorSchema = Type.Object(
  {
    type: Type.Unsafe<'user' | 'api_key' | 'triage' | 'mailbox' | 'system'>({ type: 'string', enum: ['user', 'api_key', 'triage', 'mailbox', 'system'] }),
    id: Nullable(Type.String({ description: "The user's or API key's id; null for triage and Replydesk itself." })),
    name: Type.String(),
  },
  { description: 'Who did it: a person in the dashboard, an API key, triage, the mailbox sync or Replydesk itself (a snooze ending).' },
);

export const ReplyNote = Type.Object(
  { id: Type.String({ format: 'uuid' }), body: Type.String(), author: ActorSchema, created_at: Timestamp },
  { $id: 'ReplyNote', description: 'An internal note: seen by the team, never mailed, sent or forwarded.' },
);

const ActivityEntry = Type.Object({
  at: Timestamp,
  actor: ActorSchema,
  action: Type.Unsafe<Action>({
    type: 'string',
    enum: [...ACTIONS],
    description: `What changed or happened (docs/api.md "The team's inbox" lists what from and to hold for each).`,
  }),
  from: Type.Optional(Nullable(Type.String())),
  to: Type.Optional(Nullable(Type.String())),
});

export const NoteBody = Type.Object({ body: Type.String({ minLength: 1, maxLength: 10_000, description: 'The note: 1 to 10,000 characters.' }) }, { additionalProperties: false });

const replyFields = {
  id: Type.String({ format: 'uuid' }),
  from_email: Type.String(),
  from_name: Type.String(),
  to_email: Type.String(),
  subject: Type.String(),
  body_text: Type.String(),
  body_html: Type.String(),
  status: Status,
  category_id: Nullable(Type.String()),
};
const replyTail = {
  ai_response: Nullable(Type.String()),
  sent_response: Nullable(Type.String()),
  client_id: Nullable(Type.String()),
  connection_id: Nullable(Type.String()),
  contact_id: Type.String(),
  received_at: Timestamp,
  handled_at: Nullable(Timestamp),
  snoozed_until: Nullable(Timestamp),
  assignee: Nullable(Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() }, { description: 'The member the reply is assigned to; null: unassigned.' })),
  created_at: Timestamp,
};

export const ReplyListItem = Type.Object({ ...replyFields, category: Nullable(CategorySummary), ...replyTail }, { $id: 'ReplyListItem' });

export const ThreadItem = Type.Object({
  from: Type.String(),
  to: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  sent_at: Timestamp,
});

export const ReplyDetail = Type.Object(
  {
    ...replyFields,
    category: Nullable(CategoryDetail),
    ...replyTail,
    updated_at: Type.String({ format: 'date-time', description: `When the reply last changed: its version. PATCH's If-Match takes it as the ETag (docs/api.md "PATCH rules").` }),
    client: Nullable(Type.Object({ id: Type.String(), name: Type.String(), service_description: Type.String() })),
    contact: Type.Object({
      id: Type.String(),
      email: Type.String(),
      first_name: Nullable(Type.String()),
      last_name: Nullable(Type.String()),
      company: Nullable(Type.String()),
      do_not_contact: Type.Boolean({ description: 'The contact is marked do-not-contact: a send is refused with 409.' }),
    }),
    thread: Type.Array(ThreadItem),
    outgoing: Type.Array(Type.Ref('OutgoingMessage'), { description: 'Mail sent or forwarded from this reply, oldest first, with its delivery state.' }),
    attachments: Type.Array(Attachment, { description: 'Attachments of a reply that arrived by IMAP, in message order (docs/mailboxes.md).' }),
    notes: Type.Array(Type.Ref('ReplyNote'), { description: "The team's internal notes on the reply, oldest first: never mailed." }),
    activity: Type.Array(ActivityEntry, { description: "The reply's history, oldest first: every change of status, category, assignee, draft or snooze, every send, forward and note." }),
    triage: Nullable(
      Type.Object(
        {
          source: Type.Unsafe<'header' | 'rule' | 'classifier' | 'workspace' | 'model' | 'none'>({
            type: 'string',
            enum: ['header', 'rule', 'classifier', 'workspace', 'model', 'none'],
            description: "What decided: a mail header, a rule, the shipped classifier, the workspace's learned model, the configured language model, or none (nothing was confident).",
          }),
          reason: Type.String({ description: 'Why, for people: the header, rule or model and what it saw.' }),
          confidence: Type.Number({ minimum: 0, maximum: 1 }),
          category_id: Nullable(Type.String({ description: "The category triage chose (null: none); the reply's own category_id may differ once a person changed it." })),
          suggestions: Type.Array(Type.Object({ category_id: Type.String(), confidence: Type.Number({ minimum: 0, maximum: 1 }) }), {
            description: "When triage chose no category: the (at most two) likeliest of the workspace's categories, best first, offered as one-click choices. Empty when it chose one.",
          }),
        },
        { description: 'Why triage chose the category (docs/triage.md); null when triage has not run on this reply.' },
      ),
    ),
  },
  { $id: 'ReplyDetail' },
);

export const ReplyUpdated = Type.Object({
  id: Type.String(),
  from_email: Type.String(),
  from_name: Type.String(),
  status: Status,
  category_id: Nullable(Type.String()),
  client_id: Nullable(Type.String()),
  ai_response: Nullable(Type.String()),
  snoozed_until: Nullable(Timestamp),
  assignee_id: Nullable(Type.String()),
  updated_at: Timestamp,
});

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const IdFilter = (what: string) =>
  Type.Optional(
    Type.String({ format: 'uuid', description: `Only replies of this ${what}. An id that names nothing in the workspace gives an empty list.`, examples: ['0190f5a2-7c3e-7d1a-9b2e-4f6a8c0d1e2f'] }),
  );

export const ListRepliesQuery = Type.Object({
  status: Type.Optional(Type.String({ maxLength: 100, description: 'One status or a comma-separated list of pending, ready, sent, archived.', examples: ['pending,ready'] })),
  category_id: Type.Optional(Type.String({ pattern: `^(none|${UUID})$`, description: 'Only replies of this category; `none` for replies without a category.', examples: ['none'] })),
  client_id: IdFilter('client'),
  connection_id: IdFilter('connection (mailbox)'),
  contact_id: IdFilter('contact'),
  assignee_id: Type.Optional(
    Type.String({ pattern: `^(none|${UUID})$`, description: 'Only replies assigned to this member (a user id, GET /api/members); `none` for unassigned replies.', examples: ['none'] }),
  ),
  received_after: Type.Optional(Type.String({ format: 'date-time', description: 'Only replies received at or after this time (ISO 8601).', examples: ['2026-01-01T00:00:00Z'] })),
  received_before: Type.Optional(Type.String({ format: 'date-time', description: 'Only replies received before this time (ISO 8601).', examples: ['2026-02-01T00:00:00Z'] })),
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Full-text search over from_name, from_email, subject and body_text: every word must match, case and accents ignored, the last word as a prefix.',
      examples: ['muller pric'],
    }),
  ),
  snoozed: Type.Optional(Type.Boolean({ description: '`true`: only replies snoozed now; `false`: only replies not snoozed now; absent: all.', examples: [false] })),
  sort: Type.Optional(
    Type.Unsafe<'-received_at' | 'received_at'>({
      type: 'string',
      enum: ['-received_at', 'received_at'],
      description: '`-received_at` newest first (the default) or `received_at` oldest first.',
      examples: ['received_at'],
    }),
  ),
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 500,
      description: 'The `pagination.next_cursor` of the previous page: pages by position, stable while new replies arrive. Not with a non-zero offset.',
      examples: ['WyJkIiwiMjAyNi0xMS0yMFQwOTo0MjoxMi4wMDBaIiwiMDE5MGY1YTItN2MzZS03ZDFhLTliMmUtNGY2YThjMGQxZTJmIl0'],
    }),
  ),
  ...PageQuery,
});
export type ListRepliesQueryT = Static<typeof ListRepliesQuery>;

export const PatchReplyBody = Type.Object(
  {
    category_id: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'An existing category of the workspace; null removes the category.' }))),
    client_id: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'An existing client of the workspace; null removes the client.' }))),
    status: Type.Optional(Status),
    ai_response: Type.Optional(Nullable(Type.String({ maxLength: 100_000, description: 'Draft response text; null clears it.' }))),
    assignee_id: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'A member of the workspace (a user id, GET /api/members); null unassigns.' }))),
    snoozed_until: Type.Optional(Nullable(Type.String({ format: 'date-time', description: 'Snooze until this future time; null wakes the reply.', examples: ['2026-12-01T08:00:00Z'] }))),
  },
  { additionalProperties: false },
);

export const BulkBody = Type.Object(
  {
    ids: Type.Array(Type.String({ maxLength: 200 }), { minItems: 1, maxItems: 100, description: 'The replies to change: 1 to 100 ids of the workspace.' }),
    status: Type.Optional(Status),
    category_id: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'An existing category of the workspace; null removes the category.' }))),
    client_id: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'An existing client of the workspace; null removes the client.' }))),
    assignee_id: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'A member of the workspace (a user id); null unassigns.' }))),
    snoozed_until: Type.Optional(Nullable(Type.String({ format: 'date-time', description: 'Snooze until this future time; null wakes the replies.' }))),
  },
  { additionalProperties: false, examples: [{ ids: ['0190f5a2-7c3e-7d1a-9b2e-4f6a8c0d1e2f'], status: 'archived' }] },
);
export type Bulk = Static<typeof BulkBody>;

export const BulkResult = Type.Object({
  updated: Type.Integer({ description: 'How many of the replies changed.' }),
  ids: Type.Array(Type.String(), { description: 'The replies that changed, in the order given.' }),
});
export type PatchReply = Static<typeof PatchReplyBody>;

export const LIMITS = { thread: 100, short: 998, email: 320, body: 500_000 } as const;

const Email = Type.String({ format: 'email', maxLength: LIMITS.email });

export const IngestBody = Type.Object(
  {
    from_email: Email,
    from_name: Type.Optional(Type.String({ maxLength: LIMITS.short })),
    to_email: Email,
    subject: Type.Optional(Type.String({ maxLength: LIMITS.short })),
    body_text: Type.Optional(Type.String({ maxLength: LIMITS.body })),
    body_html: Type.Optional(Type.String({ maxLength: LIMITS.body })),
    received_at: Type.Optional(Timestamp),
    client_id: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    connection_id: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    category_id: Type.Optional(
      Nullable(Type.String({ maxLength: 200, description: 'A category of the workspace, set by the client; triage never overwrites it. Without one, triage (when on) chooses.' })),
    ),
    message_id: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.short, description: 'The Message-ID header; a second reply with the same message_id is not stored twice.' })),
    in_reply_to: Type.Optional(Type.String({ maxLength: LIMITS.short })),
    thread: Type.Optional(
      Type.Array(
        Type.Object(
          {
            from: Type.String({ maxLength: LIMITS.short }),
            to: Type.String({ maxLength: LIMITS.short }),
            subject: Type.Optional(Type.String({ maxLength: LIMITS.short })),
            body: Type.Optional(Type.String({ maxLength: LIMITS.body })),
            sent_at: Timestamp,
          },
          { additionalProperties: false },
        ),
        { maxItems: LIMITS.thread },
      ),
    ),
    attachments: Type.Optional(AttachmentsIn),
    contact: Type.Optional(
      Type.Object(
        {
          first_name: Type.Optional(Type.String({ maxLength: 200 })),
          last_name: Type.Optional(Type.String({ maxLength: 200 })),
          company: Type.Optional(Type.String({ maxLength: 200 })),
          title: Type.Optional(Type.String({ maxLength: 200 })),
          linkedin_url: Type.Optional(Type.String({ maxLength: 500 })),
          phone: Type.Optional(Type.String({ maxLength: 100 })),
          metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type Ingest = Static<typeof IngestBody>;

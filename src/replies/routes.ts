import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { errorResponses, IdParams, list, single } from '../http/schemas.ts';
import type { Db } from '../db/connect.ts';
import { AttachmentParams, BulkBody, BulkResult, IngestBody, ListRepliesQuery, NoteBody, PatchReplyBody, ReplyDetail, ReplyListItem, ReplyNote, ReplyUpdated } from './schemas.ts';
import { addNote } from './activity.ts';
import { listReplies } from './list.ts';
import { downloadAttachment, storeFiles } from './attachments.ts';
import { withAttachments, decodeAttachments } from '../http/attachments.ts';
import * as service from './service.ts';
import { ingestReply, type IngestTriage } from './ingest.ts';

export const replyRoutes: FastifyPluginAsyncTypebox<{ db: Db; triage?: IngestTriage }> = async (app, { db, triage }) => {
  app.get(
    '/api/replies',
    {
      config: { permission: 'replies:read' },
      schema: {
        tags: ['Replies'],
        summary: 'List replies, newest first, filtered and searched',
        description:
          "Filters combine with AND; `pagination.total` counts every reply that matches. Page by `offset`, or by `cursor` (the previous page's `pagination.next_cursor`), which stays stable while new replies arrive. An unknown query parameter is refused with 400.",
        querystring: ListRepliesQuery,
        response: { 200: list(Type.Ref(ReplyListItem)), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      // already JSON text (replies/list.ts): sent as it is, past the serializer
      const body = await listReplies(db, request.workspaceId, request.query);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/api/replies/:id',
    {
      config: { permission: 'replies:read' },
      schema: {
        tags: ['Replies'],
        summary: 'Read one reply with its client, contact and thread',
        params: IdParams,
        response: { 200: single(Type.Ref(ReplyDetail)), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.getReply(db, request.workspaceId, request.params.id);
      return reply.header('etag', service.etagOf(data.updated_at)).send({ data });
    },
  );

  app.patch(
    '/api/replies/:id',
    {
      config: { permission: 'replies:write' },
      schema: {
        tags: ['Replies'],
        summary: "Update a reply's status, category, draft, snooze or assignee",
        description:
          "PATCH rules in docs/api.md. With `If-Match` (the single read's ETag, its `updated_at` in quotes) the change is made only if nobody changed the reply since: otherwise 412 and nothing changes, so a second person's draft never silently replaces the first's.",
        params: IdParams,
        headers: Type.Object({ 'if-match': Type.Optional(Type.String({ description: 'The ETag of the version read, e.g. "2026-11-20T10:02:00.000Z"; `*` matches any.' })) }),
        body: PatchReplyBody,
        response: { 200: single(ReplyUpdated), ...errorResponses(400, 401, 403, 404, 412, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.updateReply(db, request.workspaceId, request.params.id, request.body, request.actor, request.headers['if-match']);
      return reply.header('etag', service.etagOf(data.updated_at)).send({ data });
    },
  );

  app.post(
    '/api/replies/bulk',
    {
      config: { permission: 'replies:write' },
      schema: {
        tags: ['Replies'],
        summary: 'Change many replies at once: status, category or snooze',
        description:
          "PATCH's rules for each reply, all in one transaction: if any id is not a reply of the workspace the answer is 404 `Reply not found` and nothing changes. reply.updated is recorded for each reply that changed; `ids` lists those. Honours Idempotency-Key.",
        body: BulkBody,
        response: { 200: single(BulkResult), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: await service.bulkUpdate(db, request.workspaceId, request.body, request.actor) }),
  );

  app.post(
    '/api/replies',
    {
      config: { permission: 'replies:write' },
      ...withAttachments(),
      schema: {
        tags: ['Replies'],
        summary: 'Ingest an inbound reply',
        description:
          'Stores a reply received to an outreach email; the contact is found or created by from_email. A reply whose message_id is already stored is not stored twice: the answer is 200 with the stored reply. `attachments` (name, type, base64 content; at most 10 files of 10 MB in all, a body of at most 15 MB) are stored with the reply and listed in its `attachments`.',
        body: IngestBody,
        response: { 200: single(Type.Ref(ReplyDetail)), 201: single(Type.Ref(ReplyDetail)), ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const files = decodeAttachments(request.body.attachments);
      const { reply: data, created } = await ingestReply(db, request.workspaceId, request.body, { triage, ...(files.length && { within: storeFiles(request.workspaceId, files) }) });
      return reply.code(created ? 201 : 200).send({ data });
    },
  );

  app.post(
    '/api/replies/:id/notes',
    {
      config: { permission: 'replies:write' },
      schema: {
        tags: ['Replies'],
        summary: 'Add an internal note to a reply',
        description:
          "A note for the team: shown in the reply's `notes` and history, announced as reply.note_added, never mailed, sent or forwarded. The author is the API key, or the person signed in to the dashboard.",
        params: IdParams,
        body: NoteBody,
        response: { 201: single(Type.Ref(ReplyNote)), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => reply.code(201).send({ data: await addNote(db, request.workspaceId, request.params.id, request.actor, request.body.body) }),
  );

  app.get(
    '/api/replies/:id/attachments/:attachmentId',
    {
      config: { permission: 'replies:read' },
      schema: {
        tags: ['Replies'],
        summary: 'Download an attachment of a reply that arrived by IMAP',
        description: 'The bytes as they arrived, with their content type; served as a download (Content-Disposition: attachment), never shown inline.',
        params: AttachmentParams,
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const file = await downloadAttachment(db, request.workspaceId, request.params.id, request.params.attachmentId);
      return reply
        .header('content-type', /^[\w.+-]+\/[\w.+-]+$/.test(file.contentType) ? file.contentType : 'application/octet-stream')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${file.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`)
        .send(file.content);
    },
  );
};

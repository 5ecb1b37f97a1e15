// Files sent in a JSON body (docs/api.md "Attachments"): an ingested reply's attachments
// (POST /api/replies) and an answer's (POST /api/replies/{id}/send). Each is a name, a MIME
// type and its bytes in base64; at most ATTACHMENTS_MAX files of ATTACHMENTS_MAX_BYTES in all,
// so the routes that take them accept bodies of up to ATTACHMENT_BODY_LIMIT, of which the
// rest of the body (files aside) is held to the app's usual limit (withAttachments).
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { Errors } from '../errors.ts';

/** Every route's body limit but the two that take files. */
export const BODY_LIMIT = 1024 * 1024;
export const ATTACHMENTS_MAX = 10;
export const ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;
/** Base64 takes 4 bytes for 3: the files' limit and room for the rest of the body. */
export const ATTACHMENT_BODY_LIMIT = 15 * 1024 * 1024;

export const AttachmentIn = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255, description: 'The file name, e.g. "pricing.pdf"' }),
    type: Type.Optional(
      Type.String({ maxLength: 255, pattern: '^[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+$', description: 'The MIME type (default application/octet-stream)', examples: ['application/pdf'] }),
    ),
    content: Type.String({ contentEncoding: 'base64', description: 'The bytes, base64-encoded (RFC 4648; line breaks are allowed)' }),
  },
  { additionalProperties: false },
);

export const AttachmentsIn = Type.Array(AttachmentIn, {
  maxItems: ATTACHMENTS_MAX,
  description: `At most ${ATTACHMENTS_MAX} files of ${ATTACHMENTS_MAX_BYTES} bytes (10 MB) in all`,
});

export interface FileIn {
  filename: string;
  contentType: string;
  content: Buffer;
}

// one character class, not groups of four: a group repeated over megabytes overflows the stack
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
// a name is shown and sent as a header parameter: no control characters, no path
const UNSAFE_NAME = /[\u0000-\u001f\u007f/\\]/g;

/**
 * The files of a body, decoded, or 400 naming the first that is not base64 and 400 when they
 * total more than the limit. Names lose control characters and slashes.
 */
export function decodeAttachments(list: readonly { name: string; type?: string; content: string }[] | undefined): FileIn[] {
  const files = (list ?? []).map((a, i) => {
    const text = a.content.replace(/[\r\n]/g, '');
    if (text.length % 4 !== 0 || !BASE64.test(text)) throw Errors.BadRequest(`attachments[${i}].content must be base64`);
    const filename = a.name.replace(UNSAFE_NAME, '_').trim() || 'attachment';
    return { filename, contentType: (a.type ?? 'application/octet-stream').toLowerCase(), content: Buffer.from(text, 'base64') };
  });
  const total = files.reduce((n, f) => n + f.content.length, 0);
  if (total > ATTACHMENTS_MAX_BYTES) throw Errors.BadRequest(`Attachments may total at most ${ATTACHMENTS_MAX_BYTES} bytes (10 MB); these total ${total}`);
  return files;
}

/** The length of a file's base64 text, before the schema has checked it is one. */
const contentLength = (f: unknown) => {
  const content = f && typeof f === 'object' ? (f as { content?: unknown }).content : undefined;
  return typeof content === 'string' ? content.length : 0;
};

/**
 * The options of a route that takes files: the larger body limit, and a check before the
 * schema's that the body without the files' contents is within BODY_LIMIT, as on every other
 * route (a 1.1 MB body_text is 413, files or not).
 */
export function withAttachments() {
  return {
    bodyLimit: ATTACHMENT_BODY_LIMIT,
    preValidation: async (request: FastifyRequest) => {
      const length = Number(request.headers['content-length'] ?? NaN);
      const body = request.body as { attachments?: unknown } | undefined;
      const files: unknown[] = Array.isArray(body?.attachments) ? body.attachments : [];
      const fileBytes = files.reduce<number>((n, f) => n + contentLength(f), 0);
      const rest = Number.isFinite(length) ? length - fileBytes : Buffer.byteLength(JSON.stringify(body ?? null)) - fileBytes;
      if (rest > BODY_LIMIT) throw Errors.BodyTooLarge(BODY_LIMIT);
    },
  };
}

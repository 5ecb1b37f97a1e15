// Erasing a person (contacts/erase.ts; docs/api.md "Erasing a person"): the rows that name
// them. Workspace first, as every query; ids and the address are matched in stored JSON text,
// lower-cased on both sides, with LIKE's wildcards escaped.
import { sql } from 'kysely';
import type { Tx } from '../db/types.ts';

/** How many needles one statement matches (each is a LIKE). */
const CHUNK = 50;

const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));
const pattern = (needle: string) => `%${needle.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function contactReplies(db: Tx, workspaceId: string, contactId: string) {
  return db.selectFrom('replies').select(['id', 'status']).where('workspace_id', '=', workspaceId).where('contact_id', '=', contactId).execute();
}

/**
 * Deletes the stored events (and so, by their foreign keys, the webhook deliveries and attempts
 * that carried them), the jobs and the remembered Idempotency-Key answers whose JSON holds any
 * of `needles` (the contact's id and address, their replies' ids). Answers how many rows went.
 */
export async function deleteMentions(db: Tx, workspaceId: string, needles: string[]) {
  let n = 0;
  for (const part of chunks(needles)) {
    for (const [table, column] of [
      ['events', 'payload'],
      ['jobs', 'payload'],
      ['idempotency_keys', 'response_body'],
    ] as const) {
      const res = await db
        .deleteFrom(table)
        .where('workspace_id', '=', workspaceId)
        .where((eb) => eb.or(part.map((needle) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern(needle)} escape '\\'`)))
        .executeTakeFirst();
      n += Number(res.numDeletedRows);
    }
  }
  return n;
}

/** Deletes replies and, by their foreign keys, their thread, attachments, notes, history, triage and outgoing mail. */
export async function deleteReplies(db: Tx, workspaceId: string, ids: string[]) {
  for (const part of chunks(ids)) await db.deleteFrom('replies').where('workspace_id', '=', workspaceId).where('id', 'in', part).execute();
}

export async function deleteContact(db: Tx, workspaceId: string, id: string) {
  const res = await db.deleteFrom('contacts').where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

// The statements of ingestion (replies/ingest.ts), precompiled: it is the write path that runs
// most. Every one takes the workspace id and filters by it first.
import { type Kysely, sql } from 'kysely';
import { prepared, preparedInsert, type RowOf, valuesOf } from '../db/prepared.ts';
import type { Database, Tx } from '../db/types.ts';

export const findByMessageId = prepared((db, a: { ws: string; messageId: string }) => db.selectFrom('replies').select('id').where('workspace_id', '=', a.ws).where('message_id', '=', a.messageId));

const CONTACT_COLUMNS = [
  'id',
  'workspace_id',
  'email',
  'first_name',
  'last_name',
  'company',
  'title',
  'linkedin_url',
  'phone',
  'metadata',
  'reply_count',
  'last_reply_at',
  'created_at',
  'updated_at',
] as const;
export type NewContactRow = RowOf<'contacts', (typeof CONTACT_COLUMNS)[number]>;
type ProfileColumn = 'first_name' | 'last_name' | 'company' | 'title' | 'linkedin_url' | 'phone';
const newerWins = (col: ProfileColumn) => sql<string | null>`coalesce(excluded.${sql.ref(col)}, contacts.${sql.ref(col)})`;
const olderWins = (col: ProfileColumn) => sql<string | null>`coalesce(contacts.${sql.ref(col)}, excluded.${sql.ref(col)})`;

/**
 * Finds or creates the contact of a sender in one statement, counting the reply. Explicit
 * contact details overwrite older ones; a name derived from from_name only fills blanks;
 * metadata is replaced only when the reply brings some. Four shapes, one per case.
 */
const contactUpserts = Object.fromEntries(
  ([false, true] as const).flatMap((explicitName) =>
    ([false, true] as const).map((withMetadata) => [
      `${explicitName}:${withMetadata}`,
      prepared((db, a: NewContactRow) =>
        db
          .insertInto('contacts')
          .values(valuesOf(CONTACT_COLUMNS, a))
          .onConflict((oc) =>
            oc.columns(['workspace_id', 'email']).doUpdateSet((eb) => ({
              reply_count: eb('contacts.reply_count', '+', 1),
              first_name: (explicitName ? newerWins : olderWins)('first_name'),
              last_name: (explicitName ? newerWins : olderWins)('last_name'),
              company: newerWins('company'),
              title: newerWins('title'),
              linkedin_url: newerWins('linkedin_url'),
              phone: newerWins('phone'),
              metadata: withMetadata ? sql<string>`excluded.metadata` : sql<string>`contacts.metadata`,
              last_reply_at: sql<string>`case when contacts.last_reply_at is null or excluded.last_reply_at > contacts.last_reply_at then excluded.last_reply_at else contacts.last_reply_at end`,
              updated_at: sql<string>`excluded.updated_at`,
            })),
          )
          .returning(['id', 'email', 'first_name', 'last_name', 'company', 'title', 'do_not_contact']),
      ),
    ]),
  ),
);

export function upsertContact(db: Tx, row: NewContactRow, opts: { explicitName: boolean; withMetadata: boolean }) {
  return contactUpserts[`${opts.explicitName}:${opts.withMetadata}`]!(db, row).then((rows) => rows[0]!);
}

export const insertReply = preparedInsert('replies', [
  'id',
  'workspace_id',
  'contact_id',
  'client_id',
  'connection_id',
  'category_id',
  'from_email',
  'from_name',
  'to_email',
  'subject',
  'body_text',
  'body_html',
  'status',
  'ai_response',
  'sent_response',
  'message_id',
  'in_reply_to',
  'received_at',
  'handled_at',
  'snoozed_until',
  'assignee_id',
  'created_at',
  'updated_at',
  'mail_headers',
]);

export const insertThreadMessage = preparedInsert('thread_messages', ['workspace_id', 'reply_id', 'position', 'from_address', 'to_address', 'subject', 'body', 'sent_at']);

export const findClient = prepared((db, a: { ws: string; id: string }) =>
  db.selectFrom('clients').select(['id', 'name', 'service_description', 'round_robin']).where('workspace_id', '=', a.ws).where('id', '=', a.id),
);

/** A mailbox as ingestion needs it: its id and the client it works for (null columns: none). */
const mailboxWithClient = (db: Kysely<Database>, ws: string) =>
  db
    .selectFrom('connections')
    .leftJoin('clients', (j) => j.onRef('clients.id', '=', 'connections.client_id').on('clients.workspace_id', '=', ws))
    .select(['connections.id', 'clients.id as client_id', 'clients.name as client_name', 'clients.service_description', 'clients.round_robin'])
    .where('connections.workspace_id', '=', ws);

/** The workspace's mailbox with this address (lower-cased): a reply written to it came through it. */
export const findConnectionByAddress = prepared((db, a: { ws: string; email: string }) =>
  mailboxWithClient(db, a.ws)
    .where(sql<string>`lower(connections.email)`, '=', a.email)
    .limit(1),
);

export const findConnection = prepared((db, a: { ws: string; id: string }) => mailboxWithClient(db, a.ws).where('connections.id', '=', a.id));

export const findCategory = prepared((db, a: { ws: string; id: string }) =>
  db.selectFrom('categories').select(['id', 'name', 'color', 'is_positive']).where('workspace_id', '=', a.ws).where('id', '=', a.id),
);

/** Advances a client's round-robin turn (replies/round-robin.ts): the number of turns taken, this one included. */
export async function takeTurn(db: Tx, workspaceId: string, clientId: string): Promise<number> {
  const row = await db
    .updateTable('clients')
    .set((eb) => ({ round_robin_turn: eb('round_robin_turn', '+', 1) }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', clientId)
    .returning('round_robin_turn')
    .executeTakeFirstOrThrow();
  return Number(row.round_robin_turn);
}

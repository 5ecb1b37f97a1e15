// One interface types every query (docs/architecture.md "The shape"). Timestamps travel as
// ISO 8601 UTC strings on both dialects (PostgreSQL's timestamptz is parsed back to ISO in
// db/connect.ts); booleans are 0/1 on SQLite and true/false on PostgreSQL, so readers go
// through Boolean().
// The tables are declared by area in src/db/tables/; this file assembles them into Database and
// is what every query imports.
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { DashboardTables } from './tables/dashboard.ts';
import type { MailboxTables } from './tables/mailboxes.ts';
import type { OutboxTables } from './tables/outbox.ts';
import type { ContactTable, ReplyTable, ReplyTables } from './tables/replies.ts';
import type { TriageTables } from './tables/triage.ts';
import type { ApiKeyTable, WorkspaceTable, WorkspaceTables } from './tables/workspaces.ts';

export type * from './tables/dashboard.ts';
export type * from './tables/mailboxes.ts';
export type * from './tables/outbox.ts';
export type * from './tables/replies.ts';
export type * from './tables/triage.ts';
export type * from './tables/workspaces.ts';

/** Every table, by name. */
export interface Database extends WorkspaceTables, ReplyTables, MailboxTables, OutboxTables, DashboardTables, TriageTables {}

export type Workspace = Selectable<WorkspaceTable>;
export type ApiKeyRow = Selectable<ApiKeyTable>;
export type ReplyRow = Selectable<ReplyTable>;
export type ContactRow = Selectable<ContactTable>;
export type NewReply = Insertable<ReplyTable>;
export type ContactUpdate = Updateable<ContactTable>;

/** A write transaction (db.write hands it out): what every query that changes rows takes. */
export type Tx = Transaction<Database>;
/** What a read runs on: db.read, or a write transaction (to read what it is about to change). */
export type Q = Kysely<Database> | Tx;

// Roll-ups for reports (src/reports/service.ts), so a report over 90 days of a million replies
// reads thousands of summed rows instead of half a million replies:
// - reply_hours: replies per UTC hour of received_at (hours since 1970) and combination of
//   client, mailbox (connection), assignee, category and handled (sent or archived: 1).
//   A time zone's day is whole UTC hours in every zone whose offset is whole hours.
// - reply_response_days: replies answered through Replydesk (status sent, with a sent_response
//   and handled_at) per UTC day of received_at (days since 1970), client, mailbox and assignee,
//   and bucket of their time to that answer: floor(ln(1 + seconds) × 24), so a median read
//   from the buckets is within about 2% of the exact one.
// Kept by triggers in the transaction of every insert, change and delete of a reply, as
// reply_counts are (0010), so no code path that writes replies can forget them; a missing id
// is ''. On PostgreSQL the rows are spread over 4 slots chosen at random (0006's reason: the
// current hour's row of a busy client would otherwise queue concurrent ingestions), and a
// change writes its old and new rows in one statement in key order (0014's reason: two changes
// going opposite ways must not lock the same two rows in opposite orders).
import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

const HOUR_KEY = ['workspace_id', 'hour', 'client_id', 'connection_id', 'assignee_id', 'category_id', 'handled', 'slot'];
const DAY_KEY = ['workspace_id', 'day', 'client_id', 'connection_id', 'assignee_id', 'bucket', 'slot'];
const HOUR_COLUMNS = ['received_at', 'client_id', 'connection_id', 'assignee_id', 'category_id', 'status'];
const DAY_COLUMNS = ['received_at', 'client_id', 'connection_id', 'assignee_id', 'status', 'sent_response', 'handled_at'];
/** How many buckets per unit of ln(1 + seconds): the same number is in src/reports/rollups.ts. */
export const BUCKETS_PER_LN = 24;

interface Sql {
  hour: (r: string) => string;
  day: (r: string) => string;
  handled: (r: string) => string;
  bucket: (r: string) => string;
  changed: (cols: string[]) => string;
}

const sqlite: Sql = {
  hour: (r) => `cast(floor(unixepoch(${r}.received_at) / 3600.0) as integer)`,
  day: (r) => `cast(floor(unixepoch(${r}.received_at) / 86400.0) as integer)`,
  handled: (r) => `(${r}.status in ('sent', 'archived'))`,
  bucket: (r) =>
    `cast(floor(ln(1 + max(0, round(unixepoch(${r}.handled_at, 'subsec') - unixepoch(${r}.received_at, 'subsec')))) * ${BUCKETS_PER_LN}) as integer)`,
  changed: (cols) => cols.map((c) => `old.${c} is not new.${c}`).join(' or '),
};

const postgres: Sql = {
  hour: (r) => `floor(extract(epoch from ${r}.received_at) / 3600)::bigint`,
  day: (r) => `floor(extract(epoch from ${r}.received_at) / 86400)::bigint`,
  handled: (r) => `(${r}.status in ('sent', 'archived'))::int`,
  bucket: (r) => `floor(ln(1 + greatest(0, round(extract(epoch from ${r}.handled_at - ${r}.received_at)))::float8) * ${BUCKETS_PER_LN})::int`,
  changed: (cols) => cols.map((c) => `old.${c} is distinct from new.${c}`).join(' or '),
};

const answered = (r: string) => `${r}.status = 'sent' and ${r}.sent_response is not null and ${r}.handled_at is not null`;

/** The key of a reply's reply_hours row but its slot, in HOUR_KEY's order. */
const hourKey = (d: Sql, r: string) => [
  `${r}.workspace_id`,
  d.hour(r),
  `coalesce(${r}.client_id, '')`,
  `coalesce(${r}.connection_id, '')`,
  `coalesce(${r}.assignee_id, '')`,
  `coalesce(${r}.category_id, '')`,
  d.handled(r),
];
const dayKey = (d: Sql, r: string) => [
  `${r}.workspace_id`,
  d.day(r),
  `coalesce(${r}.client_id, '')`,
  `coalesce(${r}.connection_id, '')`,
  `coalesce(${r}.assignee_id, '')`,
  d.bucket(r),
];
const hourRow = (d: Sql, r: string, slot: string, n: number) => [...hourKey(d, r), slot, n].join(', ');
const dayRow = (d: Sql, r: string, slot: string, n: number) => [...dayKey(d, r), slot, n].join(', ');

const upsert = (table: string, key: string[]) => `on conflict (${key.join(', ')}) do update set n = ${table}.n + excluded.n`;

function sqliteTriggers(): string[] {
  const d = sqlite;
  const addHour = (r: string, n: number) => `insert into reply_hours (${HOUR_KEY.join(', ')}, n) values (${hourRow(d, r, '0', n)}) ${upsert('reply_hours', HOUR_KEY)}`;
  // `where` before `on conflict`: SQLite needs it to tell the upsert from a join
  const addDay = (r: string, n: number) =>
    `insert into reply_response_days (${DAY_KEY.join(', ')}, n) select ${dayRow(d, r, '0', n)} where ${answered(r)} ${upsert('reply_response_days', DAY_KEY)}`;
  return [
    `create trigger replies_rollup_insert after insert on replies begin ${addHour('new', 1)}; ${addDay('new', 1)}; end`,
    `create trigger replies_rollup_delete after delete on replies begin ${addHour('old', -1)}; ${addDay('old', -1)}; end`,
    `create trigger replies_rollup_hours_update after update of ${HOUR_COLUMNS.join(', ')} on replies when ${d.changed(HOUR_COLUMNS)}
      begin ${addHour('old', -1)}; ${addHour('new', 1)}; end`,
    `create trigger replies_rollup_days_update after update of ${DAY_COLUMNS.join(', ')} on replies when ${d.changed(DAY_COLUMNS)}
      begin ${addDay('old', -1)}; ${addDay('new', 1)}; end`,
  ];
}

function postgresTriggers(): string[] {
  const d = postgres;
  const keyCols = (key: string[]) => key.join(', ');
  // an update's old and new rows summed by key (a change that keeps the key adds nothing) and
  // written in key order; an insert or delete is the same statement with one row
  const write = (table: string, key: string[], rows: string[]) => `insert into ${table} (${keyCols(key)}, n)
      select ${keyCols(key)}, sum(n) from (values ${rows.map((r) => `(${r})`).join(', ')}) as c(${keyCols(key)}, n, counted)
      where counted group by ${keyCols(key)} having sum(n) <> 0 order by ${keyCols(key)}
      ${upsert(table, key)}`;
  const hours = (r: string, n: number) => `${hourRow(d, r, 's', n)}, true`;
  const days = (r: string, n: number) => `${dayRow(d, r, 's', n)}, coalesce(${answered(r)}, false)`;
  const fn = (name: string, table: string, key: string[], row: (r: string, n: number) => string) => `create function ${name}() returns trigger language plpgsql as $$
      declare s integer := floor(random() * 4);
      begin
        if tg_op = 'UPDATE' then ${write(table, key, [row('old', -1), row('new', 1)])};
        elsif tg_op = 'INSERT' then ${write(table, key, [row('new', 1)])};
        else ${write(table, key, [row('old', -1)])};
        end if;
        return null;
      end $$`;
  return [
    fn('replydesk_rollup_hours', 'reply_hours', HOUR_KEY, hours),
    fn('replydesk_rollup_days', 'reply_response_days', DAY_KEY, days),
    `create trigger replies_rollup_hours after insert or delete on replies for each row execute function replydesk_rollup_hours()`,
    `create trigger replies_rollup_hours_update after update of ${HOUR_COLUMNS.join(', ')} on replies for each row when (${d.changed(HOUR_COLUMNS)}) execute function replydesk_rollup_hours()`,
    `create trigger replies_rollup_days after insert or delete on replies for each row execute function replydesk_rollup_days()`,
    `create trigger replies_rollup_days_update after update of ${DAY_COLUMNS.join(', ')} on replies for each row when (${d.changed(DAY_COLUMNS)}) execute function replydesk_rollup_days()`,
  ];
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const d = pg ? postgres : sqlite;
  const create = (table: string, cols: string[]) => {
    let t: CreateTableBuilder<string, never> = db.schema.createTable(table);
    for (const col of cols) {
      if (col === 'workspace_id') t = t.addColumn(col, 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'));
      else if (col === 'hour' || col === 'day') t = t.addColumn(col, 'bigint', (c) => c.notNull());
      else if (col === 'handled' || col === 'bucket' || col === 'slot') t = t.addColumn(col, 'integer', (c) => c.notNull());
      else t = t.addColumn(col, 'text', (c) => c.notNull());
    }
    // SQLite: the rows are stored in the key's order, so a range of hours is one read
    t = t.addColumn('n', 'bigint', (c) => c.notNull()).addPrimaryKeyConstraint(`${table}_pk`, cols as never);
    return (pg ? t : t.modifyEnd(sql`without rowid`)).execute();
  };
  await create('reply_hours', HOUR_KEY);
  await create('reply_response_days', DAY_KEY);

  // the replies already there
  const backfill = (table: string, cols: string[], exprs: string[], where: string) =>
    sql.raw(`insert into ${table} (${cols.join(', ')}, n) select ${exprs.join(', ')}, 0, count(*) from replies r where ${where} group by ${exprs.join(', ')}`).execute(db);
  await backfill('reply_hours', HOUR_KEY, hourKey(d, 'r'), 'true');
  await backfill('reply_response_days', DAY_KEY, dayKey(d, 'r'), answered('r'));

  for (const statement of pg ? postgresTriggers() : sqliteTriggers()) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const t of ['replies_rollup_hours', 'replies_rollup_hours_update', 'replies_rollup_days', 'replies_rollup_days_update']) await sql`drop trigger ${sql.id(t)} on replies`.execute(db);
    await sql`drop function replydesk_rollup_hours()`.execute(db);
    await sql`drop function replydesk_rollup_days()`.execute(db);
  } else {
    for (const t of ['replies_rollup_insert', 'replies_rollup_delete', 'replies_rollup_hours_update', 'replies_rollup_days_update']) await sql`drop trigger ${sql.id(t)}`.execute(db);
  }
  await db.schema.dropTable('reply_response_days').execute();
  await db.schema.dropTable('reply_hours').execute();
}

// `npm run bench:imap`: how fast mail in a mailbox becomes replies (issue 16: target ≥ 500
// messages/s on SQLite; PostgreSQL reported).
//
// A Dovecot of its own (test/imap.ts: unprivileged, free port, its own passwd-file), one
// mailbox user, a connection made through the service (its login checked, so the sync starts
// at the folder's next UID), then MESSAGES messages appended over IMAP (4 clients in parallel,
// not timed), then the mailbox sync of a worker process is started and timed until every
// message is a reply: UID SEARCH, FETCH in pages, MIME parsing, the reply, its contact,
// counters and events, the folder position after each page. Each message comes from a
// different sender, one in ten answers an earlier one (threading lookups), one in twenty has
// a small attachment.
//
// Environment: MESSAGES (default 10000), PAGE (UIDs per FETCH, default 100), DIALECTS
// (default "sqlite,postgres"; PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL, a
// database the bench may create another one beside), BENCH_DIR (where the SQLite file goes).
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { createConnection } from '../src/mailboxes/service.ts';
import { MailboxSync } from '../src/mailboxes/sync.ts';
import { connect, type Db } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createWorkspace } from '../src/workspaces/service.ts';
import { tempDir } from '../test/helpers.ts';
import { type Dovecot, startDovecot } from '../test/imap.ts';

const MESSAGES = Number(process.env.MESSAGES ?? 10_000);
const PAGE = Number(process.env.PAGE ?? 100);
const DIALECTS = (process.env.DIALECTS ?? 'sqlite,postgres').split(',');
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

function message(i: number): string {
  const id = `<bench-${i}.${crypto.randomUUID()}@prospect.example>`;
  const lines = [
    `From: Prospect ${i} <prospect${i}@company${i % 500}.example>`,
    'To: sam@agency.example',
    `Subject: Re: Quick question ${i}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: ${id}`,
    ...(i % 10 === 9 ? [`In-Reply-To: <bench-${i - 1}@prospect.example>`, `References: <campaign-${i}@agency.example>`] : []),
    'MIME-Version: 1.0',
  ];
  const body = `Thanks for reaching out, ${i}. We might be interested; what does it cost for a team of ${i % 40} people?\r\n\r\nOn Mon, Sam wrote:\r\n> Worth a chat?\r\n> Sam`;
  if (i % 20 !== 0) return [...lines, 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n');
  return [
    ...lines,
    'Content-Type: multipart/mixed; boundary="b"',
    '',
    '--b',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '--b',
    'Content-Type: application/pdf; name="brief.pdf"',
    'Content-Disposition: attachment; filename="brief.pdf"',
    'Content-Transfer-Encoding: base64',
    '',
    crypto.randomBytes(6_000).toString('base64').replace(/.{76}/g, '$&\r\n'),
    '--b--',
    '',
  ].join('\r\n');
}

async function appendAll(dovecot: Dovecot, user: string) {
  const clients = await Promise.all([0, 1, 2, 3].map(() => dovecot.client(user)));
  let next = 0;
  await Promise.all(
    clients.map(async (c) => {
      for (let i = next++; i < MESSAGES; i = next++) await c.append('INBOX', message(i));
    }),
  );
  await Promise.all(clients.map((c) => c.logout()));
}

async function openDb(dialect: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const db = connect({ dialect: 'sqlite', filename: path.join(process.env.BENCH_DIR ?? tempDir('replydesk-bench-'), 'imap.db') });
    await migrateToLatest(db);
    return { db, drop: () => db.close() };
  }
  if (!PG_URL) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const name = `replydesk_bench_imap_${Date.now()}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = connect({ dialect: 'postgres', connectionString: url.toString() }, { poolSize: 10 });
  await migrateToLatest(db);
  return {
    db,
    drop: async () => {
      await db.close();
      await admin(`drop database ${name} with (force)`);
    },
  };
}

async function run(dialect: string, dovecot: Dovecot, n: number) {
  const { db, drop } = await openDb(dialect);
  const secretKey = crypto.randomBytes(32);
  const user = `bench${n}`;
  dovecot.addUser(user, 'secret');
  const ws = await createWorkspace(db, { name: 'Bench', plan: 'scale' });
  const conn = await createConnection(db, { secretKey, allowPrivateNetworks: true }, ws.id, {
    name: 'Bench',
    email: 'sam@agency.example',
    imap: { host: dovecot.host, port: dovecot.port, tls: 'none', username: user, password: 'secret' },
  });
  const appendStart = Date.now();
  await appendAll(dovecot, user);
  const appendMs = Date.now() - appendStart;

  const sync = new MailboxSync(db, { secretKey, allowPrivateNetworks: true, maxAttachmentBytes: 10 * 1024 * 1024, pollMs: 5_000, scanMs: 100, pageSize: PAGE });
  const count = async () =>
    Number(
      (
        await db.read
          .selectFrom('replies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('connection_id', '=', conn.id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const start = Date.now();
  sync.start();
  let stored = 0;
  while ((stored = await count()) < MESSAGES) {
    if (Date.now() - start > 15 * 60_000) throw new Error(`only ${stored} of ${MESSAGES} after 15 minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = Date.now() - start;
  await sync.stop();
  const skipped = Number(
    (
      await db.read
        .selectFrom('mailbox_skipped')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await drop();
  return { dialect, messages: MESSAGES, appendSeconds: +(appendMs / 1000).toFixed(1), syncSeconds: +(ms / 1000).toFixed(2), perSecond: Math.round((MESSAGES * 1000) / ms), skipped };
}

const dovecot = await startDovecot();
try {
  const results = [];
  for (const [i, dialect] of DIALECTS.entries()) {
    const r = await run(dialect, dovecot, i);
    console.log(JSON.stringify(r));
    results.push(r);
  }
  console.table(results);
} finally {
  await dovecot.stop();
}

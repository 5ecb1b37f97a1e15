// `npm run bench:report`: how a report (GET /api/reports/replies, src/reports/service.ts) compares
// with the first list page (the hot path), in one process on one database, alternating in
// rounds so a noisy minute hits both alike. The target (issue 35) is a 90-day daily report at
// ≥ 0.5 × the first page's rate. Reported: microseconds per report and per page (median of the
// rounds) and the ratio of their rates.
//
// The replies are written straight into the tables in batches (ingestion's own speed is the
// shared benchmark's business), received over 180 days, a third per client, one in four with a
// positive category, one in three answered.
//
// Environment: REPLIES (default 100000), ROUNDS (default 5), DATABASE_URL (default a new SQLite
// file in the OS temp dir; postgres://… for PostgreSQL: give it an empty database).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseDatabaseUrl } from '../src/config/index.ts';
import { connect } from '../src/db/connect.ts';
import { uuidv7 } from '../src/db/ids.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { listPageJson } from '../src/replies/list-page.ts';
import { repliesReport } from '../src/reports/service.ts';
import { createWorkspace } from '../src/workspaces/service.ts';

const REPLIES = Number(process.env.REPLIES ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const url = process.env.DATABASE_URL ?? `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'replydesk-bench-report-')), 'bench.db')}`;
const db = connect(parseDatabaseUrl(url), { poolSize: 4 });
await migrateToLatest(db);
const ws = await createWorkspace(db, { name: 'bench', plan: 'scale', rateLimit: 1_000_000, triage: false, defaultCategories: false });
const now = Date.UTC(2026, 10, 27, 12);
const at = new Date(now).toISOString();

const clients = ['Acme', 'Globex', 'Initech'].map((name) => ({
  id: uuidv7(),
  workspace_id: ws.id,
  name,
  service_description: '',
  created_at: at,
  round_robin: '[]',
  round_robin_turn: 0,
  weekly_report_to: '[]',
}));
const categories = [
  { name: 'Interested', positive: true },
  { name: 'Not interested', positive: false },
  { name: 'Out of office', positive: false },
].map((c) => ({ id: uuidv7(), workspace_id: ws.id, name: c.name, color: '#22c55e', is_positive: c.positive, created_at: at }));
await db.write(async (trx) => {
  await trx.insertInto('clients').values(clients).execute();
  for (const c of categories)
    await trx
      .insertInto('categories')
      .values({ ...c, is_positive: db.dialect === 'postgres' ? c.is_positive : Number(c.is_positive) } as never)
      .execute();
});

const started = performance.now();
const BATCH = 500;
for (let done = 0; done < REPLIES; done += BATCH) {
  const n = Math.min(BATCH, REPLIES - done);
  const contacts = Array.from({ length: n }, (_, j) => ({
    id: uuidv7(),
    workspace_id: ws.id,
    email: `p${done + j}@example.com`,
    reply_count: 1,
    last_reply_at: at,
    created_at: at,
    updated_at: at,
    metadata: '{}',
  }));
  const replies = contacts.map((c, j) => {
    const i = done + j;
    const received = new Date(now - ((i * 7919) % (180 * 86_400)) * 1000).toISOString();
    const answered = i % 3 === 0;
    return {
      id: uuidv7(),
      workspace_id: ws.id,
      contact_id: c.id,
      client_id: clients[i % 3]!.id,
      category_id: i % 4 === 0 ? categories[0]!.id : i % 4 === 1 ? categories[1]!.id : i % 4 === 2 ? categories[2]!.id : null,
      from_email: c.email,
      from_name: 'Ada Lovelace',
      to_email: 'sam@outreach.example.org',
      subject: 'Re: Quick question',
      body_text: 'Thanks, send me pricing.',
      body_html: '',
      status: answered ? 'sent' : 'pending',
      sent_response: answered ? 'Here it is.' : null,
      handled_at: answered ? new Date(Date.parse(received) + ((i % 48) + 1) * 3_600_000).toISOString() : null,
      received_at: received,
      created_at: at,
      updated_at: at,
    };
  });
  await db.write(async (trx) => {
    await trx.insertInto('contacts').values(contacts).execute();
    await trx
      .insertInto('replies')
      .values(replies as never)
      .execute();
  });
}
await db.refreshPlannerStatistics();
console.log(`wrote ${REPLIES} replies in ${((performance.now() - started) / 1000).toFixed(1)} s (${db.dialect})`);

const filter = { newestFirst: true, now: at };
const ways = {
  'list page (20)': () => listPageJson(db.read, ws.id, { filter, limit: 20, offset: 0 }),
  'report, 90 days by day': () => repliesReport(db, ws.id, { from: '2026-08-30', to: '2026-11-27', tz: 'Europe/Berlin', group_by: 'day' }, now),
  'report, 90 days by day, one client': () => repliesReport(db, ws.id, { from: '2026-08-30', to: '2026-11-27', tz: 'Europe/Berlin', group_by: 'day', client_id: clients[0]!.id }, now),
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, run] of Object.entries(ways)) {
    // as many calls as fit in about a second, at least three
    let calls = 0;
    const t0 = performance.now();
    while (calls < 3 || performance.now() - t0 < 1000) {
      await run();
      calls++;
    }
    times[name]!.push(((performance.now() - t0) * 1000) / calls);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const list = median(times['list page (20)']!);
for (const [name, xs] of Object.entries(times)) {
  const us = median(xs);
  console.log(`${name.padEnd(38)} ${us.toFixed(0).padStart(10)} µs   rate ÷ list page ${(list / us).toFixed(4)}`);
}
await db.close();

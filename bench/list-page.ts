// `npm run bench:list-page`: does the hand-built list page (src/replies/list-page.ts) still earn
// its place? The same 20-reply page of GET /api/replies made two ways, in one process, on one
// database, alternating in rounds so a noisy minute hits both alike:
// - hand-built: listPageJson, as the route answers (the changing columns read per request, the
//   unchanging part of each item from its memo of JSON text, non-ASCII escaped);
// - plain: the same statements with every column read each time (what the hand-built page runs
//   when its memo misses), each row mapped to the object the ReplyListItem schema describes,
//   and JSON.stringify of the page.
// Both are then encoded to UTF-8 bytes, as the response is. Reported: microseconds per page
// (median of the rounds) and their ratio.
//
// Environment: REPLIES (default 2000), ROUNDS (default 7), PAGES (per round and way, default
// 2000), DATABASE_URL (default a new SQLite file in the OS temp dir; postgres://… for PostgreSQL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseDatabaseUrl } from '../src/config/index.ts';
import { connect } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { ingestReply } from '../src/replies/ingest.ts';
import { listPageJson } from '../src/replies/list-page.ts';
import * as q from '../src/replies/list-queries.ts';
import { countReplies } from '../src/workspaces/counts.ts';
import { createWorkspace } from '../src/workspaces/service.ts';
import '../src/webhooks/events.ts'; // ingestion raises reply.received

const REPLIES = Number(process.env.REPLIES ?? 2000);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const PAGES = Number(process.env.PAGES ?? 2000);
const url = process.env.DATABASE_URL ?? `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'replydesk-bench-list-')), 'bench.db')}`;
const db = connect(parseDatabaseUrl(url), { poolSize: 4 });
await migrateToLatest(db);
const ws = await createWorkspace(db, { name: 'bench', plan: 'scale', rateLimit: 1_000_000, triage: false, defaultCategories: false });

// 1–3 KB per reply, one in three with non-ASCII text (names, dashes, accents), as agencies see
const PARAGRAPH = 'Thanks for reaching out, the timing is actually good for us. Could you send pricing for a team of about forty people? ';
const ACCENTED = 'Merci — nous étudierons votre proposition la semaine prochaine, Grüße aus München. ';
for (let i = 0; i < REPLIES; i++) {
  const text = (i % 3 === 0 ? ACCENTED : PARAGRAPH).repeat(8 + (i % 16));
  await ingestReply(db, ws.id, {
    from_email: `prospect${i}@example${i % 97}.com`,
    from_name: i % 3 === 0 ? 'Zoë Müller' : 'Ada Lovelace',
    to_email: 'sam@outreach.example.org',
    subject: 'Re: Quick question',
    body_text: text,
    body_html: `<p>${text}</p>`,
    received_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  });
}

const filter = { newestFirst: true, now: new Date().toISOString() };
const handBuilt = () => listPageJson(db.read, ws.id, { filter, limit: 20, offset: 0 });

async function plain(): Promise<string> {
  // the same statements the hand-built page runs when its memo misses: the page, its total, and
  // the unchanging columns of its rows
  const [rows, total] = await Promise.all([q.listReplies(db.read, ws.id, { limit: 20, offset: 0 }), countReplies(db.read, ws.id, undefined)]);
  const fixed = new Map(
    (
      await q.fixedColumns(
        db.read,
        ws.id,
        rows.map((r) => r.id),
      )
    ).map((r) => [r.id, r]),
  );
  const data = rows.map(({ category_name, category_color, ...changing }) => {
    const r = { ...fixed.get(changing.id)!, ...changing };
    return {
      id: r.id,
      from_email: r.from_email,
      from_name: r.from_name,
      to_email: r.to_email,
      subject: r.subject,
      body_text: r.body_text,
      body_html: r.body_html,
      status: r.status,
      category_id: r.category_id,
      category: r.category_id && category_name !== null ? { id: r.category_id, name: category_name, color: category_color } : null,
      ai_response: r.ai_response,
      sent_response: r.sent_response,
      client_id: r.client_id,
      connection_id: r.connection_id,
      contact_id: r.contact_id,
      received_at: r.received_at,
      handled_at: r.handled_at,
      snoozed_until: r.snoozed_until,
      created_at: r.created_at,
    };
  });
  return JSON.stringify({ data, pagination: { total, limit: 20, offset: 0, hasMore: 20 < total, next_cursor: null } });
}

// the two must answer the same page before either is timed
const pageData = async (make: () => Promise<string>) => JSON.stringify((JSON.parse(await make()) as { data: unknown }).data);
if ((await pageData(handBuilt)) !== (await pageData(plain))) throw new Error('the two ways answer different pages');

async function time(make: () => Promise<string>): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < PAGES; i++) Buffer.from(await make(), 'utf8');
  return ((performance.now() - start) * 1000) / PAGES;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
const results = { 'hand-built': [] as number[], plain: [] as number[] };
await time(handBuilt);
await time(plain); // warm both
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 ? (['plain', 'hand-built'] as const) : (['hand-built', 'plain'] as const);
  for (const way of order) results[way].push(await time(way === 'plain' ? plain : handBuilt));
}
const [hand, plainUs] = [median(results['hand-built']), median(results.plain)];
console.log(
  `${url.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}, ${REPLIES} replies, a 20-reply page (${Buffer.byteLength(await handBuilt())} bytes), median of ${ROUNDS} rounds × ${PAGES} pages:`,
);
console.log(`  hand-built (listPageJson): ${hand.toFixed(1)} µs/page`);
console.log(`  plain (read all, JSON.stringify): ${plainUs.toFixed(1)} µs/page`);
console.log(`  plain ÷ hand-built: ${(plainUs / hand).toFixed(2)}`);
await db.close();

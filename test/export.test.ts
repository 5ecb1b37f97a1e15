// `replydesk export` (issue 36 item 2; docs/deploy.md "Export"): every resource of one workspace
// and nothing of another, JSON Lines and CSV (formula-looking cells neutralised), read in pages,
// a progress line only on a terminal, and no secret anywhere in the files.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORTED } from '../src/cli/export-queries.ts';
import { exportWorkspace } from '../src/cli/export.ts';
import { connect, type Db } from '../src/db/connect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createUser } from '../src/dashboard/service.ts';
import { createApiKey } from '../src/workspaces/service.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace, tempDir } from './helpers.ts';

const run = promisify(execFile);
const BIN = path.resolve(import.meta.dirname, '..', 'bin', 'replydesk.mjs');

/** RFC 4180 records, quoted fields with doubled quotes and line breaks inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) cell += c;
    else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(cell === '' && row.length === 0, 'the last record ends with CRLF').toBe(true);
  return rows;
}

const UNICODE = 'Ünïcödé — 日本語, "quoted" 🚀';
const FORMULA = '=HYPERLINK("http://evil.example/x","click me")';

for (const dialect of DIALECTS) {
  describe(`replydesk export (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let db: Db;
    const dir = tempDir('replydesk-export-');
    const file = path.join(dir, 'replydesk.db');
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    const secrets: string[] = [];
    const ids: Record<string, string> = {};
    const other: string[] = [];

    const api = async (headers: Record<string, string>, method: string, url: string, payload?: unknown) => {
      const res = await ctx.app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload: payload as object }) });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      return res.json().data;
    };

    beforeAll(async () => {
      if (dialect === 'sqlite') {
        db = connect({ dialect: 'sqlite', filename: file });
        await migrateToLatest(db);
      }
      ctx = await makeApp(dialect, { ...(dialect === 'sqlite' && { db }), webhooks: { secretKey: crypto.randomBytes(32) }, logger: { level: 'error' } });
      db = ctx.db;
      ws = await makeWorkspace(db);
      const call = (method: string, url: string, payload?: unknown) => api(ws.headers, method, url, payload);
      const category = await call('POST', '/api/categories', { name: 'Interested', color: '#22c55e', is_positive: true });
      const client = await call('POST', '/api/clients', { name: '+Acme, "Inc"', service_description: 'SEO\naudits' });
      ids.unicode = (
        await call('POST', '/api/replies', inbound({ subject: UNICODE, from_name: 'Zoë Ñúñez', body_text: 'line one\r\nline two, "with quotes"', category_id: category.id, client_id: client.id }))
      ).id;
      ids.formula = (await call('POST', '/api/replies', inbound({ subject: FORMULA, body_text: '@SUM(A1:A9)' }))).id;
      ids.plain1 = (await call('POST', '/api/replies', inbound({ from_name: '-2+3', subject: '\tTabbed' }))).id;
      ids.plain2 = (await call('POST', '/api/replies', inbound())).id;
      // two at the same instant: a page boundary between them loses or repeats neither
      ids.tie1 = (await call('POST', '/api/replies', inbound({ received_at: '2026-06-01T00:00:00.000Z' }))).id;
      ids.tie2 = (await call('POST', '/api/replies', inbound({ received_at: '2026-06-01T00:00:00.000Z' }))).id;
      ids.note = (await call('POST', `/api/replies/${ids.unicode}/notes`, { body: 'Call her back — "soon"' })).id;
      const sent = await call('POST', `/api/replies/${ids.formula}/send`, { message: 'Thanks, pricing attached' });
      ids.outgoing = sent.outgoing.id;

      // secrets that must never leave: keys, a webhook secret, what is stored of them, a password hash
      const key = await createApiKey(db, { workspaceId: ws.workspace.id, name: 'second', permissions: ['replies:read'] });
      secrets.push(key.key);
      const hook = await call('POST', '/api/webhooks', { url: 'https://hooks.example.com/x', events: ['*'] });
      secrets.push(ws.key, hook.secret);
      await createUser(db, { email: `owner.${dialect}.${process.pid}@export.example`, workspaceId: ws.workspace.id, role: 'owner', password: 'correct horse battery staple' }, 'http://localhost');
      const stored = await db.read.selectFrom('webhook_endpoints').select('secret_enc').where('workspace_id', '=', ws.workspace.id).execute();
      const keys = await db.read.selectFrom('api_keys').select('key_hash').where('workspace_id', '=', ws.workspace.id).execute();
      const users = await db.read.selectFrom('users').innerJoin('memberships', 'memberships.user_id', 'users.id').select('password_hash').where('workspace_id', '=', ws.workspace.id).execute();
      secrets.push(...stored.map((r) => r.secret_enc), ...keys.map((r) => r.key_hash), ...users.map((r) => r.password_hash), 'correct horse battery staple');
      expect(secrets.length).toBeGreaterThanOrEqual(6);

      const ws2 = await makeWorkspace(db, { name: 'Someone else' });
      const theirs = await api(ws2.headers, 'POST', '/api/replies', inbound({ subject: 'Not yours' }));
      other.push(theirs.id, theirs.from_email);
    });
    afterAll(() => ctx.close());

    const readAll = (out: string) =>
      fs
        .readdirSync(out)
        .map((f) => fs.readFileSync(path.join(out, f), 'utf8'))
        .join('\n');

    it('JSON Lines: every resource of the workspace, one object a line, values as the API has them, read in pages that lose or repeat no row', async () => {
      const out = path.join(dir, `jsonl-${dialect}`);
      const pages: Record<string, number[]> = {};
      const result = await exportWorkspace(db, { workspaceId: ws.workspace.id, dir: out, format: 'jsonl', progress: null, pageSize: 1, onPage: (r, n) => (pages[r] ??= []).push(n) });
      expect(result.files.map((f) => [path.basename(f.file), f.rows])).toEqual([
        ['replies.jsonl', 6],
        ['contacts.jsonl', 6],
        ['categories.jsonl', 1],
        ['clients.jsonl', 1],
        ['notes.jsonl', 1],
        ['outgoing_mail.jsonl', 1],
      ]);
      expect(pages.replies).toEqual([1, 1, 1, 1, 1, 1, 0]);
      expect(pages.categories).toEqual([1, 0]);

      const lines = (name: string) =>
        fs
          .readFileSync(path.join(out, `${name}.jsonl`), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>);
      const replies = lines('replies');
      expect(replies.map((r) => r.id)).toEqual([ids.unicode, ids.formula, ids.plain1, ids.plain2, ...[ids.tie1, ids.tie2].sort()]);
      const listed = (await api(ws.headers, 'GET', '/api/replies?limit=100')) as { id: string; subject: string; from_name: string; received_at: string }[];
      for (const r of listed) expect(replies.find((x) => x.id === r.id)).toMatchObject({ subject: r.subject, from_name: r.from_name, received_at: r.received_at });
      expect(replies.find((r) => r.id === ids.unicode)).toMatchObject({ subject: UNICODE, from_name: 'Zoë Ñúñez', body_text: 'line one\r\nline two, "with quotes"' });
      expect(replies.find((r) => r.id === ids.formula)).toMatchObject({ subject: FORMULA, status: 'sent' });
      expect(Object.keys(replies[0]!)).toEqual(EXPORTED[0]!.columns);
      expect(lines('categories')).toEqual([expect.objectContaining({ name: 'Interested', is_positive: true, drafts: expect.any(Boolean) })]);
      expect(lines('clients')).toEqual([expect.objectContaining({ name: '+Acme, "Inc"', round_robin: [], weekly_report_to: [] })]);
      expect(lines('notes')).toEqual([expect.objectContaining({ id: ids.note, reply_id: ids.unicode, body: 'Call her back — "soon"', author_type: 'api_key' })]);
      const [mail] = lines('outgoing_mail');
      expect(mail).toMatchObject({ id: ids.outgoing, reply_id: ids.formula, kind: 'send', to_addresses: [expect.stringContaining('@example.com')] });
      expect(mail!.text).toContain('Thanks, pricing attached');
      expect(mail).not.toHaveProperty('raw');
      expect(lines('contacts').every((c) => typeof c.do_not_contact === 'boolean' && typeof c.metadata === 'object')).toBe(true);

      const all = readAll(out);
      for (const s of [...secrets, ...other]) expect(all.includes(s), `export holds ${s.slice(0, 12)}…`).toBe(false);
    });

    it('CSV: a header and RFC 4180 records; cells a spreadsheet would run as formulas start with an apostrophe; a terminal sees one progress line', async () => {
      const out = path.join(dir, `csv-${dialect}`);
      const progress: string[] = [];
      await exportWorkspace(db, { workspaceId: ws.workspace.id, dir: out, format: 'csv', progress: { write: (s: string) => progress.push(s) } });
      const [head, ...rows] = parseCsv(fs.readFileSync(path.join(out, 'replies.csv'), 'utf8'));
      expect(head).toEqual(EXPORTED[0]!.columns);
      expect(rows).toHaveLength(6);
      const col = (row: string[], name: string, header = head!) => row[header.indexOf(name)];
      const byId = (id: string) => rows.find((r) => r[0] === id)!;
      expect(col(byId(ids.formula!), 'subject')).toBe(`'${FORMULA}`);
      expect(col(byId(ids.formula!), 'body_text')).toBe("'@SUM(A1:A9)");
      expect([col(byId(ids.plain1!), 'from_name'), col(byId(ids.plain1!), 'subject')]).toEqual(["'-2+3", "'\tTabbed"]);
      expect(col(byId(ids.unicode!), 'subject')).toBe(UNICODE);
      expect(col(byId(ids.unicode!), 'body_text')).toBe('line one\r\nline two, "with quotes"');
      const [clientHead, client] = parseCsv(fs.readFileSync(path.join(out, 'clients.csv'), 'utf8'));
      expect(col(client!, 'name', clientHead)).toBe(`'+Acme, "Inc"`);
      const [, category] = parseCsv(fs.readFileSync(path.join(out, 'categories.csv'), 'utf8'));
      expect(category).toContain('true');
      expect(parseCsv(fs.readFileSync(path.join(out, 'notes.csv'), 'utf8'))[1]).toContain('Call her back — "soon"');

      expect(progress.every((p) => p.startsWith('\r'))).toBe(true);
      expect(progress.at(-1)).toMatch(/^\rreplies 6 · contacts 6 · categories 1 · clients 1 · notes 1 · outgoing_mail 1\x1b\[K\n$/);
      expect(progress.slice(0, -1).some((p) => p.includes('\n'))).toBe(false);

      const all = readAll(out);
      for (const s of [...secrets, ...other]) expect(all.includes(s), `export holds ${s.slice(0, 12)}…`).toBe(false);
    });

    it('an unknown workspace is refused and writes nothing', async () => {
      const out = path.join(dir, `none-${dialect}`);
      await expect(exportWorkspace(db, { workspaceId: '00000000-0000-4000-8000-000000000000', dir: out, format: 'jsonl', progress: null })).rejects.toThrow(
        'No workspace with id 00000000-0000-4000-8000-000000000000',
      );
      expect(fs.existsSync(out)).toBe(false);
    });

    it.runIf(dialect === 'sqlite')('the command: files written, no progress line when piped, a bad --format or workspace exits non-zero', async () => {
      const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: `file:${file}` };
      const out = path.join(dir, 'cli');
      const ok = await run(process.execPath, [BIN, 'export', '--workspace', ws.workspace.id, '--out', out, '--format', 'csv'], { env });
      expect(ok.stdout).toContain(`Exported workspace ${ws.workspace.id}`);
      expect(ok.stdout).toMatch(/replies\.csv {2}6 rows/);
      expect(ok.stderr).not.toContain('\r');
      expect(fs.readdirSync(out).sort()).toEqual(['categories.csv', 'clients.csv', 'contacts.csv', 'notes.csv', 'outgoing_mail.csv', 'replies.csv']);
      const bad = await run(process.execPath, [BIN, 'export', '--workspace', ws.workspace.id, '--out', out, '--format', 'xml'], { env }).catch((e: { code: number; stderr: string }) => e);
      expect(bad).toMatchObject({ code: 2, stderr: expect.stringContaining('--format must be one of jsonl, csv') });
      const unknown = await run(process.execPath, [BIN, 'export', '--workspace', 'nope', '--out', out], { env }).catch((e: { code: number; stderr: string }) => e);
      expect(unknown).toMatchObject({ code: 1, stderr: expect.stringContaining('No workspace with id nope') });
    });
  });
}

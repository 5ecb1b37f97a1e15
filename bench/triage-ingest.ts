// `npm run bench:triage`: ingestion with triage on against triage off, in the same run, on the
// real server (`replydesk serve`: API and worker in one process, SQLite by default).
//
// Two workspaces, one with triage on and one with it off (`workspace create --triage off`).
// ROUNDS rounds; each ingests REPLIES replies into each workspace through POST /api/replies
// with CONCURRENCY requests in flight, the two in alternating order, so a noisy minute on a
// shared machine hits both alike. The triage jobs run in the server beside the requests, as in
// production. Reported: replies/s per mode (median of the rounds), their ratio (the issue's
// target: on ≥ 0.8 × off) over all rounds and round by round (a round's two modes meet one state
// of the machine), the server's CPU time a reply in each mode (Linux; what the ratio would be
// were the server's core all that set the pace), and how long after its last ingestion the
// triage backlog was empty.
//
// Environment: REPLIES (per round and mode, default 3000), ROUNDS (default 3), CONCURRENCY
// (default 64), DATABASE_URL (default a new SQLite file in the OS temp dir), SERVER_NODE_ARGS
// (node options for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it), MODES
// (default `off,on`; `on` alone profiles triage's side without the other's samples), SHAPE
// (`plain`, the default: a text body and a one-message thread; `full`: as the shared load
// benchmark sends them, with an HTML body, two of the sentences below, a client of three and a
// contact with every detail — the reply's own work is larger, and so is triage's text).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../src/db/connect.ts';
import { parseDatabaseUrl } from '../src/config/index.ts';

const REPLIES = Number(process.env.REPLIES ?? 3000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 64);
const modes = (process.env.MODES ?? 'off,on').split(',');
const SHAPE = process.env.SHAPE ?? 'plain';
if (SHAPE !== 'plain' && SHAPE !== 'full') throw new Error('SHAPE is plain or full');
const root = path.join(import.meta.dirname, '..');
const databaseUrl = process.env.DATABASE_URL ?? `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'replydesk-bench-triage-')), 'bench.db')}`;
const env = { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production', LOG_LEVEL: 'warn' };

/** What `replydesk workspace create` and `key create` print under data (--json). */
type Created = { id: string; key?: string };

const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, ['bin/replydesk.mjs', ...args, '--json'], { cwd: root, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`replydesk ${args.join(' ')}: ${r.stdout}${r.stderr}`);
  return (JSON.parse(r.stdout) as { data: Created }).data;
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

// Replies as agencies receive them: the nine kinds in rough proportion, with a signature and a
// quoted original, 0.6-1.2 KB each.
const KINDS = [
  'Thanks for reaching out, the timing is actually good for us. Could you send pricing for a team of about forty people?',
  'Happy to take a call next Tuesday afternoon, does 3pm CET work for you?',
  'Not a priority for us this year, thanks. We already work with another agency.',
  'I am out of the office until Monday 14 December with limited access to email. For urgent matters contact my colleague.',
  'Please remove me from your list and do not contact me again.',
  'I am not the right person for this, you should talk to Maria who runs our outbound team.',
  'What does this cost and how long does onboarding usually take?',
  'Wrong person, I left the company in March.',
];
function body(i: number, clientIds: readonly string[]) {
  // two different kinds in one reply: its second sentence is never its first
  const second = KINDS[(i + 1 + (Math.floor(i / KINDS.length) % (KINDS.length - 1))) % KINDS.length]!;
  const said = SHAPE === 'full' ? `${KINDS[i % KINDS.length]!} ${second}` : KINDS[i % KINDS.length]!;
  const plain = {
    from_email: `prospect${i}.${process.pid}@example${i % 97}.com`,
    from_name: `Ada Lovelace ${i}`,
    to_email: 'sam@outreach.example.org',
    subject: 'Re: Quick question about Acme',
    body_text: `Hi Sam,\n\n${said}\n\nBest regards,\nAda Lovelace\nHead of Sales, Acme Analytics\n+44 20 7946 0000\n\nOn Mon, 9 Nov 2026 at 09:00, Sam Carter <sam@outreach.example.org> wrote:\n> Hi Ada, would a short call about your pipeline make sense? We help teams like yours fill their calendar with qualified meetings.\n> Best, Sam`,
    received_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    thread: [
      {
        from: 'sam@outreach.example.org',
        to: 'ada@acme.example',
        subject: 'Quick question about Acme',
        body: 'Hi Ada, would a short call about your pipeline make sense?',
        sent_at: '2025-12-31T09:00:00.000Z',
      },
    ],
    contact: { first_name: 'Ada', company: 'Acme Analytics' },
  };
  if (SHAPE === 'plain') return plain;
  return {
    ...plain,
    // about three replies a contact, as in the shared benchmark
    from_email: `prospect${Math.floor(i / 3)}.${process.pid}@example${i % 97}.com`,
    body_html: `<div dir="ltr"><p>Hi Sam,</p><p>${said}</p><p>Best regards,<br>Ada Lovelace<br>Head of Sales, Acme Analytics<br>+44 20 7946 0000</p></div><div class="gmail_quote"><div dir="ltr" class="gmail_attr">On Mon, 9 Nov 2026 at 09:00, Sam Carter &lt;sam@outreach.example.org&gt; wrote:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex">Hi Ada, would a short call about your pipeline make sense? We help teams like yours fill their calendar with qualified meetings.<br>Best, Sam</blockquote></div>`,
    message_id: `<${i}.${process.pid}@mail.acme.example>`,
    in_reply_to: `<out.${i}@outreach.example.org>`,
    client_id: clientIds[i % clientIds.length],
    contact: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: 'Acme Analytics',
      title: 'Head of Sales',
      linkedin_url: `https://www.linkedin.com/in/ada-lovelace-${i}`,
      phone: '+44 20 7946 0000',
      metadata: { source: `campaign-${i % 12}`, timezone: 'Europe/London' },
    },
  };
}

async function ingest(base: string, key: string, clientIds: readonly string[], from: number, n: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) {
        const i = from + next++;
        const res = await fetch(`${base}/api/replies`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body(i, clientIds)) });
        if (res.status !== 201) throw new Error(`POST /api/replies: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
  return n / ((performance.now() - started) / 1000);
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
/**
 * The server's CPU time so far, in µs (all its threads, user and system: /proc on Linux; null
 * elsewhere). Per reply it moves with the machine's state too (on a shared host a neighbour
 * filling the caches makes each reply cost more), so compare the modes within one run.
 */
function serverCpuMicros(pid: number | undefined): number | null {
  try {
    // after the command's name: state is field 0, utime 11, stime 12 (proc(5), counted from 1 there)
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const on = cli('workspace', 'create', '--name', 'bench triage on', '--plan', 'scale', '--rate-limit', '100000000');
const off = cli('workspace', 'create', '--name', 'bench triage off', '--plan', 'scale', '--rate-limit', '100000000', '--triage', 'off');
const keys = { on: cli('key', 'create', '--workspace', on.id, '--name', 'bench').key!, off: cli('key', 'create', '--workspace', off.id, '--name', 'bench').key! };

const port = await freePort();
const server = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'bin/replydesk.mjs', 'serve'], {
  cwd: root,
  env: { ...env, PORT: String(port) },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/healthz`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 600) throw new Error('the server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

// the full shape's replies name one of three clients of their workspace
const clients: Record<'on' | 'off', string[]> = { on: [], off: [] };
if (SHAPE === 'full') {
  for (const mode of ['on', 'off'] as const) {
    for (const name of ['Brightpath Agency', 'Catalyst Growth', 'Meridian Outreach']) {
      const res = await fetch(`${base}/api/clients`, {
        method: 'POST',
        headers: { authorization: `Bearer ${keys[mode]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name, service_description: 'Outbound lead generation for B2B SaaS companies.' }),
      });
      if (res.status !== 201) throw new Error(`POST /api/clients: ${res.status} ${await res.text()}`);
      clients[mode].push(((await res.json()) as { data: { id: string } }).data.id);
    }
  }
}

const db = connect(parseDatabaseUrl(databaseUrl), { poolSize: 1 });
const backlog = async () =>
  Number(
    (
      await db.read
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'triage.reply')
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow()
    ).n,
  );

const rates: Record<'on' | 'off', number[]> = { on: [], off: [] };
const cpuPerReply: Record<'on' | 'off', number[]> = { on: [], off: [] };
const drainMs: number[] = [];
let seq = 0;
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of (round % 2 ? ['on', 'off'] : ['off', 'on']).filter((m) => modes.includes(m)) as ('on' | 'off')[]) {
      const cpuBefore = serverCpuMicros(server.pid);
      const rate = await ingest(base, keys[mode], clients[mode], seq, REPLIES);
      const cpuAfter = serverCpuMicros(server.pid);
      seq += REPLIES;
      rates[mode].push(rate);
      if (cpuBefore !== null && cpuAfter !== null) cpuPerReply[mode].push((cpuAfter - cpuBefore) / REPLIES);
      if (mode === 'on') {
        const t = performance.now();
        while ((await backlog()) > 0) await new Promise((r) => setTimeout(r, 20));
        drainMs.push(performance.now() - t);
      }
      console.log(
        `round ${round + 1} triage ${mode.padEnd(3)} ${Math.round(rate)} replies/s${cpuPerReply[mode].length ? `, server CPU ${Math.round(cpuPerReply[mode].at(-1)!)} µs a reply` : ''}${mode === 'on' ? `, triage backlog empty ${Math.round(drainMs.at(-1)!)} ms after the last ingestion` : ''}`,
      );
    }
  }
  const triaged = await db.read
    .selectFrom('reply_triage')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', on.id)
    .executeTakeFirstOrThrow();
  const measured = (['off', 'on'] as const).filter((m) => rates[m].length).map((m) => `${m} ${Math.round(median(rates[m]))}/s`);
  console.log(`\ningestion, median of ${ROUNDS} rounds of ${REPLIES} replies at ${CONCURRENCY} in flight: triage ${measured.join(', ')}`);
  if (rates.on.length) {
    console.log(`triaged replies: ${Number(triaged.n)} of ${ROUNDS * REPLIES}; backlog empty after the last ingestion: median ${Math.round(median(drainMs))} ms`);
  }
  if (cpuPerReply.on.length && cpuPerReply.off.length) {
    console.log(`server CPU a reply, median: triage off ${Math.round(median(cpuPerReply.off))} µs, on ${Math.round(median(cpuPerReply.on))} µs`);
    console.log(`cpu_off_vs_on=${(median(cpuPerReply.off) / median(cpuPerReply.on)).toFixed(2)} (the rate ratio the CPU alone allows)`);
  }
  if (rates.on.length && rates.off.length) {
    // each round's two modes ran minutes apart at most, so their ratio sees one state of the machine
    const pairs = rates.on.map((r, i) => r / rates.off[i]!);
    console.log(`rounds' on ÷ off: ${pairs.map((x) => x.toFixed(2)).join(', ')}; median ${median(pairs).toFixed(2)}`);
    console.log(`on_vs_off=${(median(rates.on) / median(rates.off)).toFixed(2)} (target >= 0.80)`);
  }
} finally {
  server.kill('SIGTERM');
  await db.close();
}

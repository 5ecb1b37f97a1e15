// Realistic demo data for a workspace: the categories agencies triage into, a few clients and
// mailboxes, and replies with threads in every state. Goes through the same services as the
// API, so counters and contacts stay consistent.
import crypto from 'node:crypto';
import type { Db } from '../db/connect.ts';
import type { ReplyStatus, Tx } from '../db/types.ts';
import { createCategory, listCategories } from '../categories/service.ts';
import { createClient } from '../clients/service.ts';
import { createConnection } from '../mailboxes/service.ts';
import { ingestReply } from '../replies/ingest.ts';
import { storeAttachment } from '../replies/attachments.ts';
import { uuidv7 } from '../db/ids.ts';
import { updateReply } from '../replies/service.ts';
import { TRIAGE } from '../activity/record.ts';
import { getWorkspace } from '../workspaces/service.ts';

const CATEGORIES = [
  {
    name: 'Interested',
    color: '#22c55e',
    is_positive: true,
    lines: ['Thanks for reaching out, the timing is good for us.', 'Could you send pricing for a team of about forty people?', 'Happy to take a call next Tuesday afternoon.'],
    draft: 'Great to hear! Would Tuesday at 15:00 work for a twenty-minute call? I will send a short deck beforehand.',
  },
  {
    name: 'Not interested',
    color: '#ef4444',
    is_positive: false,
    lines: ['We already use a competitor and are locked in until March.', 'Not a priority for us this year, thanks.'],
    draft: 'Understood, thanks for letting me know. Would it be all right if I checked back in the spring?',
  },
  {
    name: 'Out of office',
    color: '#f59e0b',
    is_positive: false,
    lines: ['I am out of the office until Monday with limited access to email.', 'I am on parental leave until the end of the month.'],
    draft: null,
  },
  {
    name: 'Unsubscribe',
    color: '#6b7280',
    is_positive: false,
    lines: ['Please remove me from your list.', 'Stop emailing me.'],
    draft: 'Apologies for the interruption: you have been removed from our list.',
  },
  {
    name: 'Referral',
    color: '#3b82f6',
    is_positive: true,
    lines: ['I am not the right person, but I have copied our head of operations who owns the budget.', 'You should talk to Maria, she runs our outbound team.'],
    draft: 'Thank you for the introduction! I will reach out to your colleague directly.',
  },
];
const CLIENTS = [
  { name: 'Brightpath Agency', service_description: 'Outbound lead generation for B2B SaaS companies in Europe.' },
  { name: 'Catalyst Growth', service_description: 'Appointment setting and cold email campaigns for fintech.' },
  { name: 'Meridian Outreach', service_description: 'Account-based outreach for logistics and manufacturing.' },
];
const FIRST = ['Anna', 'Ben', 'Chloé', 'David', 'Elena', 'Farid', 'Grace', 'Hiro', 'Isabel', 'Jonas', 'Liam', 'María', 'Noah', 'Priya', 'Søren', 'Zoë'];
const LAST = ['Andersen', 'Brown', 'Chen', 'Dubois', 'Fischer', 'García', 'Hansen', 'Kowalski', 'Müller', 'Patel', 'Rossi', 'Tanaka'];
const COMPANIES = ['Northwind Logistics', 'Acme Analytics', 'Bluefin Health', 'Copperleaf Software', 'Granite Robotics', 'Harbor Legal', 'Lumen Energy', 'Quartz Payments'];
const TITLES = ['Head of Sales', 'VP Marketing', 'CTO', 'Founder & CEO', 'Operations Manager', 'Director of Growth'];
const SUBJECTS = ['Quick question about {co}', 'Helping {co} scale outbound', "Idea for {co}'s Q3 pipeline", 'A 15-minute intro?'];

// Deterministic, so two seeds of two workspaces look alike and screenshots are stable.
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '')
    .toLowerCase();

/** Files prospects attach: small and real, so a download opens in the program its type names. */
const FILES = [
  { filename: 'requirements.txt', type: 'text/plain', content: (co: string) => `What ${co} needs\n\n- replies answered within the hour\n- one inbox for 4 SDRs\n- CRM sync\n` },
  { filename: 'seats.csv', type: 'text/csv', content: (co: string) => `team,seats\n${co} sales,12\n${co} success,4\n` },
];

/**
 * The earlier messages of a reply's thread, oldest first: Sam's first mail and, for two replies
 * in three, a follow-up or two, days apart (the thread of a real sequence).
 */
function threadOf(t: { i: number; first: string; company: string; email: string; subject: string; from: string; sentAt: Date }) {
  const steps = 1 + (t.i % 3 === 0 ? 0 : t.i % 3 === 1 ? 1 : 2);
  const bodies = [
    `Hi ${t.first},\n\nI noticed ${t.company} is growing its sales team. We help teams like yours answer replies twice as fast. Worth a quick chat?\n\nSam`,
    `Hi ${t.first},\n\nFollowing up on my note below, in case it got buried. Would a 15-minute call next week work?\n\nSam`,
    `Hi ${t.first},\n\nLast one from me: should I speak to someone else at ${t.company} about this?\n\nSam`,
  ];
  const dayMs = 24 * 3600 * 1000;
  return bodies.slice(0, steps).map((body, k) => ({
    from: t.from,
    to: t.email,
    subject: k ? `Re: ${t.subject}` : t.subject,
    body,
    sent_at: new Date(t.sentAt.getTime() - (steps - 1 - k) * 3 * dayMs).toISOString(),
  }));
}
export async function seed(db: Db, workspaceId: string, opts: { replies: number }) {
  if (!(await getWorkspace(db, workspaceId))) throw new Error(`No workspace with id ${workspaceId}`);
  const r = rng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

  const existing = await listCategories(db, workspaceId, { limit: 100, offset: 0 });
  const categories = [];
  for (const c of CATEGORIES) {
    const found = existing.items.find((e) => e.name === c.name);
    categories.push({ ...c, id: found?.id ?? (await createCategory(db, workspaceId, c)).id });
  }
  const clients = [];
  for (const c of CLIENTS) clients.push(await createClient(db, workspaceId, c));
  // a mailbox without server settings: nothing is logged in to, no password is encrypted
  const noServers = { secretKey: crypto.randomBytes(32), allowPrivateNetworks: false };
  const connection = await createConnection(db, noServers, workspaceId, { name: 'Sam (outreach mailbox)', email: 'sam@outreach.example.org' });

  const contactPool = Math.max(1, Math.ceil(opts.replies / 3));
  const contacts = new Set<string>();
  const now = Date.now();
  for (let i = 0; i < opts.replies; i++) {
    const c = Math.floor(r() * contactPool);
    const cr = rng(1000 + c);
    const first = FIRST[Math.floor(cr() * FIRST.length)]!;
    const last = LAST[Math.floor(cr() * LAST.length)]!;
    const company = COMPANIES[Math.floor(cr() * COMPANIES.length)]!;
    const email = `${slug(first)}.${slug(last)}.${c}@${slug(company)}.example.com`;
    contacts.add(email);
    const category = pick(categories);
    const subject = pick(SUBJECTS).replace('{co}', company);
    const receivedAt = new Date(now - Math.floor(r() * 60 * 24 * 3600 * 1000));
    const sentAt = new Date(receivedAt.getTime() - (1 + Math.floor(r() * 72)) * 3600 * 1000);
    const text = `Hi Sam,\n\n${pick(category.lines)}\n\nBest regards,\n${first} ${last}\n${company}`;
    // every fifth reply carries a file, as prospects' answers do (a brief, a list of seats)
    const file = i % 5 === 2 ? FILES[i % FILES.length]! : null;
    const within = file
      ? async (trx: Tx, replyId: string) => [
          await storeAttachment(trx, {
            id: uuidv7(),
            workspace_id: workspaceId,
            reply_id: replyId,
            position: 0,
            filename: file.filename,
            content_type: file.type,
            size: Buffer.byteLength(file.content(company)),
            content_id: null,
            content: Buffer.from(file.content(company)),
            skipped_reason: null,
            created_at: new Date().toISOString(),
          }),
        ]
      : undefined;
    const { reply } = await ingestReply(
      db,
      workspaceId,
      {
        from_email: email,
        from_name: `${first} ${last}`,
        to_email: connection.email,
        subject: `Re: ${subject}`,
        body_text: text,
        body_html: `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/\n\n/g, '</p><p>').replace(/\n/g, '<br>')}</p>`,
        received_at: receivedAt.toISOString(),
        client_id: pick(clients).id,
        connection_id: connection.id,
        message_id: `<seed.${workspaceId.slice(0, 8)}.${i}@mail.${slug(company)}.example.com>`,
        in_reply_to: `<out.${i}@outreach.example.org>`,
        thread: threadOf({ i, first, company, email, subject, from: connection.email, sentAt }),
        contact: { first_name: first, last_name: last, company, title: TITLES[Math.floor(cr() * TITLES.length)]!, metadata: { source: 'seed' } },
      },
      { within },
    );
    // A realistic inbox: most replies triaged, some drafted, some answered or archived.
    const roll = r();
    if (roll < 0.2) continue;
    const status: ReplyStatus | undefined = roll < 0.55 ? undefined : roll < 0.8 ? 'sent' : 'archived';
    await updateReply(
      db,
      workspaceId,
      reply.id,
      {
        category_id: category.id,
        ...(category.draft && { ai_response: category.draft }),
        ...(status && { status }),
      },
      TRIAGE,
    );
  }
  return { categories: categories.length, clients: clients.length, replies: opts.replies, contacts: contacts.size };
}

// Header injection: whatever a subject, a display name or an address holds, the mail that
// leaves has the headers we wrote and the recipients we chose. Property tests over many
// generated strings, parsed with mailparser, through the real SMTP server where it matters.
import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import { Worker } from '../src/jobs/queue.ts';
import { displayName, headerText, parseAddress, replySubject } from '../src/mail/address.ts';
import { composeForward, composeReply } from '../src/mail/compose.ts';
import { MAIL_SEND_JOB } from '../src/mail/service.ts';
import { mailSendHandler } from '../src/mail/transport.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';
import { openPrivateDb } from './private-db.ts';
import { startSmtp, type SmtpPeer } from './smtp.ts';

const NASTY = [
  '\r\nBcc: victim@evil.example',
  '\nBcc: victim@evil.example',
  '\rX-Injected: yes',
  '\r\n\r\n<body>',
  '\u0000',
  '\u0000Bcc: victim@evil.example',
  '\u2028Cc: victim@evil.example',
  '\t',
  ' ',
  ':',
  '<',
  '>',
  '"',
  ',',
  ';',
  '@',
  'é',
  '日本',
  '😀',
  'Subject: spoof',
  '=?utf-8?B?Qm9i?=',
];
/** Strings made of random text and the pieces injections are made of. */
const hostile = (maxLength: number) => fc.array(fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom(...NASTY)), { maxLength: 8 }).map((parts) => parts.join('').slice(0, maxLength));

const withBreak = fc.tuple(fc.string({ maxLength: 30 }), fc.constantFrom('\r', '\n', '\u0000', '\r\n'), fc.string({ maxLength: 30 })).map(([a, br, b]) => `${a}${br}${b}`);

const EXPECTED_HEADERS = new Set(['from', 'to', 'subject', 'message-id', 'date', 'mime-version', 'content-type', 'in-reply-to', 'references']);

describe('addresses and header text', () => {
  it('no string holding CR, LF or NUL is ever a valid address', () => {
    fc.assert(
      fc.property(withBreak, (s) => parseAddress(s) === null),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(fc.emailAddress(), withBreak, (a, junk) => parseAddress(`${a}${junk}`) === null),
      { numRuns: 1000 },
    );
  });

  it('an address is accepted only as it is, one bare address', () => {
    fc.assert(
      fc.property(fc.emailAddress(), (a) => {
        const got = parseAddress(a);
        return got === null || got === a;
      }),
      { numRuns: 2000 },
    );
    for (const ok of ['ada@example.com', 'a.b+tag@sub.example.co.uk', "o'brien@example.ie", 'x@xn--bcher-kva.example']) expect(parseAddress(ok)).toBe(ok);
    for (const bad of [
      'a@b.com,c@d.com',
      'a@b.com c@d.com',
      'Ada <a@b.com>',
      'a@b.com (comment)',
      '"a b"@c.com',
      'a..b@c.com',
      '.a@c.com',
      'a@c',
      'a@-c.com',
      'a@c.com.',
      'a@[127.0.0.1]',
      '@c.com',
      'a@',
      'a',
    ]) {
      expect(parseAddress(bad), bad).toBeNull();
    }
  });

  it('header text is always one line without control characters', () => {
    fc.assert(
      fc.property(hostile(2000), (s) => !/[\u0000-\u001f\u007f\u2028\u2029]/.test(headerText(s))),
      { numRuns: 3000 },
    );
  });

  it('the MIME of a reply and a forward keeps its header set, whatever the subject and names hold', async () => {
    await fc.assert(
      fc.asyncProperty(hostile(300), hostile(120), async (subject, name) => {
        const original = { from: { name, address: 'ada@example.com' }, to: 'sam@outreach.example.org', subject, date: '2026-01-01T00:00:00.000Z', text: subject, html: name };
        const reply = await composeReply({
          from: 'sam@outreach.example.org',
          to: { name, address: 'ada@example.com' },
          subject: replySubject(subject),
          messageId: '<m1@outreach.example.org>',
          date: '2026-01-02T00:00:00.000Z',
          inReplyTo: '<p@example.com>',
          references: ['<p@example.com>'],
          message: name,
          original,
        });
        const forward = await composeForward({
          from: 'sam@outreach.example.org',
          to: ['boss@agency.example'],
          subject: `Fwd: ${headerText(subject)}`,
          messageId: '<m2@outreach.example.org>',
          date: '2026-01-02T00:00:00.000Z',
          message: subject,
          original,
          thread: [{ from: name, to: subject, subject, body: name, sent_at: '2025-12-31T00:00:00.000Z' }],
        });
        for (const [raw, to] of [
          [reply.raw, 'ada@example.com'],
          [forward.raw, 'boss@agency.example'],
        ] as const) {
          const mail = await simpleParser(raw);
          const extra = [...mail.headers.keys()].filter((k) => !EXPECTED_HEADERS.has(k));
          if (extra.length) throw new Error(`unexpected headers ${extra.join(', ')} for ${JSON.stringify(subject)} / ${JSON.stringify(name)}`);
          const recipients = mail.to && !Array.isArray(mail.to) ? mail.to.value.map((v) => v.address) : [];
          expect(recipients).toEqual([to]);
          expect(mail.cc).toBeUndefined();
          expect(mail.bcc).toBeUndefined();
          expect(/[\r\n\u0000]/.test(mail.subject ?? '')).toBe(false);
        }
        expect((await simpleParser(reply.raw)).subject).toBe(replySubject(subject));
      }),
      { numRuns: 300 },
    );
  });
});

for (const dialect of DIALECTS) {
  describe(`header injection through the API and the real SMTP server (${dialect})`, () => {
    let db: Db;
    let app: Awaited<ReturnType<typeof makeApp>>['app'];
    let smtp: SmtpPeer;
    let worker: Worker;
    beforeAll(async () => {
      smtp = await startSmtp();
      db = await openPrivateDb(dialect, 'mailsafety');
      ({ app } = await makeApp(dialect, { db }));
      worker = new Worker(db, { [MAIL_SEND_JOB]: mailSendHandler(db, { smtpUrl: smtp.url, retrySchedule: [0] }) });
    });
    afterAll(async () => {
      await app.close();
      await smtp.close();
      await db.close();
    });

    it('a hostile subject or sender name reaches only the prospect, with only our headers', async () => {
      const { headers } = await makeWorkspace(db);
      await fc.assert(
        fc.asyncProperty(hostile(998), hostile(200), async (subject, fromName) => {
          const body = inbound({ subject, from_name: fromName });
          const created = await app.inject({ method: 'POST', url: '/api/replies', headers, payload: body });
          if (`${subject}${fromName}`.includes('\u0000')) {
            expect(created.json()).toEqual({ data: null, error: 'Text in the request body must not contain NUL characters (\\u0000)' });
            return;
          }
          expect(created.statusCode).toBe(201);
          const id = created.json().data.id;
          const sent = await app.inject({ method: 'POST', url: `/api/replies/${id}/send`, headers, payload: { message: `Hello ${fromName}\n${subject}` } });
          expect(sent.statusCode).toBe(200);
          await worker.drain();
          // Filtered by recipient: every case mails a new prospect.
          const mails = smtp.to(body.from_email);
          expect(mails).toHaveLength(1);
          const got = mails[0]!;
          expect(got.to).toEqual([body.from_email]);
          const extra = [...got.mail.headers.keys()].filter((k) => !EXPECTED_HEADERS.has(k));
          expect(extra).toEqual([]);
          const to = got.mail.to && !Array.isArray(got.mail.to) ? got.mail.to.value : [];
          expect(to.map((v) => v.address)).toEqual([body.from_email]);
          expect(to[0]!.name).toBe(displayName(fromName));
          expect(got.mail.subject).toBe(replySubject(subject));
        }),
        { numRuns: 40 },
      );
    }, 120_000);

    it('a forward address holding CR, LF or NUL is refused and nothing is queued', async () => {
      const { workspace, headers } = await makeWorkspace(db);
      const reply = (await app.inject({ method: 'POST', url: '/api/replies', headers, payload: inbound() })).json().data;
      await fc.assert(
        fc.asyncProperty(fc.emailAddress(), withBreak, fc.boolean(), async (address, junk, before) => {
          const bad = before ? `${junk}${address}` : `${address}${junk}`;
          const res = await app.inject({ method: 'POST', url: `/api/replies/${reply.id}/forward`, headers, payload: { to: ['ok@agency.example', bad] } });
          expect(res.statusCode).toBe(400);
          const error = bad.includes('\u0000') ? 'Text in the request body must not contain NUL characters (\\u0000)' : `Invalid email address: ${bad}`;
          expect(res.json()).toEqual({ data: null, error });
        }),
        { numRuns: 200 },
      );
      const rows = await db.read.selectFrom('outgoing_messages').select('id').where('workspace_id', '=', workspace.id).execute();
      expect(rows).toHaveLength(0);
    });
  });
}

// The pure parts of the mailbox sync: reading a message, trimming a quote, the triage hints, the backoff.
import { describe, expect, it } from 'vitest';
import { backoffMs } from '../src/mailboxes/backoff.ts';
import { parseMessage, triageHints, trimQuoted } from '../src/mailboxes/parse.ts';

const raw = (headers: string[], body: string) => Buffer.from([...headers, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', '', body].join('\r\n'));

describe('parseMessage', () => {
  it('reads sender, subject, threading headers and the trimmed body', async () => {
    const m = await parseMessage(
      raw(
        [
          'From: "Ada L." <ada@prospect.example>',
          'To: sam@agency.example',
          'Subject: Re: Pricing',
          'Message-ID: <a1@prospect.example>',
          'In-Reply-To: <ours@agency.example>',
          'References: <campaign@agency.example> <ours@agency.example>',
        ],
        'Yes please.\r\n\r\nOn Tue, Sam wrote:\r\n> Pricing?\r\n',
      ),
    );
    expect(m).toMatchObject({
      messageId: '<a1@prospect.example>',
      derivedId: false,
      inReplyTo: '<ours@agency.example>',
      parents: ['<ours@agency.example>', '<campaign@agency.example>'],
      from: { name: 'Ada L.', address: 'ada@prospect.example' },
      to: ['sam@agency.example'],
      subject: 'Re: Pricing',
      bodyText: 'Yes please.',
    });
    expect(m.text).toContain('> Pricing?');
  });

  it('gives a message without a Message-ID one derived from its bytes: the same mail read twice is the same id', async () => {
    const bytes = raw(['From: a@prospect.example', 'Subject: No id'], 'Hello');
    const [one, two, other] = await Promise.all([parseMessage(bytes), parseMessage(Buffer.from(bytes)), parseMessage(raw(['From: a@prospect.example', 'Subject: No id'], 'Hello!'))]);
    expect(one.derivedId).toBe(true);
    expect(one.messageId).toMatch(/^<[0-9a-f]{40}@derived\.replydesk\.invalid>$/);
    expect(two.messageId).toBe(one.messageId);
    expect(other.messageId).not.toBe(one.messageId);
  });

  it('drops NUL characters from every text it returns', async () => {
    const m = await parseMessage(raw(['From: N\u0000ul <nul@prospect.example>', 'Subject: a\u0000b'], 'x\u0000y'));
    expect(JSON.stringify(m)).not.toContain('\\u0000');
    expect(m.subject).toBe('ab');
  });
});

describe('trimQuoted', () => {
  it('cuts a trailing quote with its attribution, wrapped or not', () => {
    expect(trimQuoted('Sounds good.\n\nOn Mon, 5 Jan 2026 at 10:00, Sam <sam@agency.example> wrote:\n> Worth a chat?\n>\n> Sam\n')).toBe('Sounds good.');
    expect(trimQuoted('Sounds good.\n\nOn Mon, 5 Jan 2026 at 10:00, Sam\n<sam@agency.example> wrote:\n> Worth a chat?')).toBe('Sounds good.');
  });

  it('cuts an Outlook header block and everything below it', () => {
    expect(
      trimQuoted('Call me Friday.\n\n________________________________\nFrom: Sam <sam@agency.example>\nSent: Monday, January 5, 2026 10:00\nTo: Ada\nSubject: Quick question\n\nWorth a chat?'),
    ).toBe('Call me Friday.');
    expect(trimQuoted('Ok.\n-----Original Message-----\nFrom: Sam')).toBe('Ok.');
  });

  it('keeps answers written between quoted lines, and a message that is all quote', () => {
    const inline = '> What budget?\n50k\n> When?\nQ3';
    expect(trimQuoted(inline)).toBe(inline);
    expect(trimQuoted('> only a quote')).toBe('> only a quote');
  });
});

describe('triageHints', () => {
  it('recognises automatic replies from RFC 3834 and vendor headers', () => {
    expect(triageHints({ 'auto-submitted': 'auto-replied' })).toMatchObject({ auto_reply: true, bounce: false });
    expect(triageHints({ 'auto-submitted': 'no' })).toMatchObject({ auto_reply: false });
    expect(triageHints({ 'x-autoreply': 'yes' }).auto_reply).toBe(true);
    expect(triageHints({ 'x-auto-response-suppress': 'OOF, AutoReply' }).auto_reply).toBe(true);
    expect(triageHints({ precedence: 'auto_reply' }).auto_reply).toBe(true);
    expect(triageHints({ precedence: 'bulk' })).toMatchObject({ auto_reply: false, bulk: true });
  });

  it('recognises bounces: a delivery-status report, a mailer-daemon sender, an empty return path', () => {
    expect(triageHints({ 'content-type': 'multipart/report; report-type=delivery-status; boundary="x"' }).bounce).toBe(true);
    expect(triageHints({ from: 'Mail Delivery System <MAILER-DAEMON@mx.example>' }).bounce).toBe(true);
    expect(triageHints({ 'return-path': '<>' }).bounce).toBe(true);
    expect(triageHints({ from: 'ada@prospect.example', 'content-type': 'text/plain' })).toEqual({ auto_reply: false, bounce: false, bulk: false, reasons: [] });
  });
});

describe('backoffMs', () => {
  it('grows exponentially from the base to the cap, with at most 20 % jitter either way', () => {
    const opts = { baseMs: 1_000, capMs: 60_000 };
    expect(backoffMs(0, opts)).toBe(0);
    expect([1, 2, 3, 4].map((n) => backoffMs(n, opts, () => 0.5))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(backoffMs(50, opts, () => 0.5)).toBe(60_000);
    expect(backoffMs(3, opts, () => 0)).toBe(3_200);
    expect(backoffMs(3, opts, () => 1)).toBe(4_800);
  });
});

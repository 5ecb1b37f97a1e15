// The real-looking mail of bench/triage-mail (232 raw messages as Gmail, Outlook, Apple Mail,
// Thunderbird, webmails, Exchange, Postfix, Exim, qmail … write them, in fifteen languages and
// every charset and transfer encoding they use) read by the mailbox sync's own parser: every
// message decodes to what its sender typed, names and subjects included, and every bounce names
// the address that failed as triage's consequences read it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ManifestEntry } from '../bench/triage-mail/build.ts';
import { parseMessage } from '../src/mailboxes/parse.ts';
import { categorise } from '../src/triage/local/index.ts';
import { bouncedAddresses } from '../src/triage/contacts.ts';

const DIR = new URL('../bench/triage-mail/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as ManifestEntry[];
// mailparser wraps the text it makes of HTML-only mail at 80 columns; Notes writes double spaces
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('real-looking mail, read by the mailbox parser', () => {
  it('covers the charsets, encodings and clients the decoding must get right', () => {
    const charsets = new Set(manifest.map((e) => e.charset.toLowerCase().split(' ')[0]!));
    for (const c of ['utf-8', 'iso-8859-1', 'iso-8859-2', 'iso-8859-15', 'windows-1252', 'windows-1250', 'koi8-r', 'shift_jis', 'iso-2022-jp', 'gb18030', 'x-unknown-foo'])
      expect(charsets).toContain(c);
    expect(new Set(manifest.map((e) => e.encoding))).toEqual(new Set(['quoted-printable', 'base64', '8bit', '7bit']));
    expect(manifest.length).toBeGreaterThanOrEqual(200);
  });

  for (const e of manifest) {
    it(`${e.file} (${e.client}, ${e.charset}, ${e.encoding}): ${e.label}`, async () => {
      const m = await parseMessage(readFileSync(new URL(`messages/${e.file}`, DIR)));
      expect(squash(m.text)).toContain(squash(e.expect_text_contains));
      expect(m.text).not.toContain('\uFFFD');
      if (e.expect_subject !== undefined) expect(m.subject).toBe(e.expect_subject);
      if (e.expect_from_name !== undefined) expect(m.from?.name).toBe(e.expect_from_name);
      if (e.expect_attachments) expect(m.attachments.map((a) => a.filename)).toEqual(expect.arrayContaining(e.expect_attachments));
      if (e.charset.startsWith('x-unknown-foo')) expect(m.decodingNote).toMatch(/^unknown charset "x-unknown-foo": read as/);
      else expect(m.decodingNote).toBeNull();
      if (e.expect_failed_recipient) {
        expect(bouncedAddresses({ from_email: m.from?.address ?? '', to_email: 'tom@northwind.io', body: m.bodyText })).toContain(e.expect_failed_recipient);
      }
    });
  }
});

// The second held-out set of docs/triage.md: written by a different method than the corpus, never
// used for a rule or a threshold. The bar sits under what `npm run triage:eval` measures (100% on
// the twelve languages), so a change that makes triage of real mail clearly worse fails here.
describe('triage of real-looking mail, as the mailbox sync categorises it', () => {
  const OTHER_SCRIPTS = ['ru', 'ja', 'zh'];
  const decide = async (file: string) => {
    const m = await parseMessage(readFileSync(new URL(`messages/${file}`, DIR)));
    return categorise({
      subject: m.subject,
      bodyText: m.bodyText,
      fromEmail: m.from?.address ?? '',
      fromName: m.from?.name ?? null,
      receivedAt: m.date ?? '2026-03-03T09:00:00Z',
      headers: m.headers,
    });
  };

  it("is right on at least 93% of the twelve languages' messages, and catches every bounce, absence and unsubscribe", async () => {
    let right = 0;
    let total = 0;
    for (const e of manifest.filter((x) => !OTHER_SCRIPTS.includes(x.lang))) {
      const d = await decide(e.file);
      total++;
      if (d?.label === e.label) right++;
      if (['Bounce', 'Out of office', 'Unsubscribe'].includes(e.label)) expect({ file: e.file, label: d?.label }).toEqual({ file: e.file, label: e.label });
    }
    expect(total).toBeGreaterThanOrEqual(220);
    expect(right / total).toBeGreaterThanOrEqual(0.93);
  });

  it('leaves the replies in Russian, Japanese and Chinese without a guess (docs/triage.md "Other scripts")', async () => {
    const others = manifest.filter((x) => OTHER_SCRIPTS.includes(x.lang));
    expect(others.length).toBeGreaterThanOrEqual(4);
    for (const e of others) expect({ file: e.file, decision: await decide(e.file) }).toEqual({ file: e.file, decision: null });
  });
});

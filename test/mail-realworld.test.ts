// The real-looking mail of bench/triage-mail (232 raw messages as Gmail, Outlook, Apple Mail,
// Thunderbird, webmails, Exchange, Postfix, Exim, qmail … write them, in fifteen languages and
// every charset and transfer encoding they use) read by the mailbox sync's own parser: every
// message decodes to what its sender typed, names and subjects included, and every bounce names
// the address that failed as triage's consequences read it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ManifestEntry } from '../bench/triage-mail/build.ts';
import { parseMessage } from '../src/connections/parse.ts';
import { bouncedAddresses } from '../src/triage/service.ts';

const DIR = new URL('../bench/triage-mail/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as ManifestEntry[];
// mailparser wraps the text it makes of HTML-only mail at 80 columns; Notes writes double spaces
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('real-looking mail, read by the mailbox parser', () => {
  it('covers the charsets, encodings and clients the decoding must get right', () => {
    const charsets = new Set(manifest.map((e) => e.charset.toLowerCase().split(' ')[0]!));
    for (const c of ['utf-8', 'iso-8859-1', 'iso-8859-2', 'iso-8859-15', 'windows-1252', 'windows-1250', 'koi8-r', 'shift_jis', 'iso-2022-jp', 'gb18030', 'x-unknown-foo']) expect(charsets).toContain(c);
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

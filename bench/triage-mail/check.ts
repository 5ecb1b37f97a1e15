/**
 * `npx tsx bench/triage-mail/check.ts`: every message in manifest.json parsed with mailparser;
 * the decoded text holds expect_text_contains (whitespace runs compared as one space, since
 * mailparser wraps HTML-only mail at 80 columns), the subject, sender name and attachment names
 * decode as written, and a bounce names its failed recipient. Prints counts; exits 1 on a failure.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import type { ManifestEntry } from './build.ts';

const here = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(here, 'manifest.json'), 'utf8')) as ManifestEntry[];
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
let failures = 0;
const fail = (e: ManifestEntry, why: string) => {
  failures++;
  console.log(`FAIL ${e.file}: ${why}`);
};

for (const e of manifest) {
  const raw = readFileSync(join(here, 'messages', e.file));
  if (raw.includes('\n') && raw.toString('latin1').replace(/\r\n/g, '').includes('\n')) fail(e, 'bare LF line ending');
  const p = await simpleParser(raw);
  const text = p.text ?? '';
  if (!squash(text).includes(squash(e.expect_text_contains))) fail(e, `text lacks ${JSON.stringify(e.expect_text_contains)}\n---\n${text.slice(0, 600)}\n---`);
  if (e.expect_subject !== undefined && p.subject !== e.expect_subject) fail(e, `subject ${JSON.stringify(p.subject)} != ${JSON.stringify(e.expect_subject)}`);
  if (e.expect_from_name !== undefined && p.from?.value[0]?.name !== e.expect_from_name) fail(e, `from name ${JSON.stringify(p.from?.value[0]?.name)} != ${JSON.stringify(e.expect_from_name)}`);
  const names = p.attachments.filter((a) => a.contentDisposition === 'attachment' && !/delivery-status|rfc822/.test(a.contentType)).map((a) => a.filename);
  const want = e.expect_attachments ?? [];
  if (e.label !== 'Bounce' && JSON.stringify(names) !== JSON.stringify(want)) fail(e, `attachments ${JSON.stringify(names)} != ${JSON.stringify(want)}`);
  if (e.expect_failed_recipient) {
    const all = text + '\n' + p.attachments.map((a) => a.content.toString('utf8')).join('\n') + (p.headers.get('x-failed-recipients') ?? '');
    if (!all.includes(e.expect_failed_recipient)) fail(e, `failed recipient ${e.expect_failed_recipient} not found`);
  }
}

const count = (k: keyof ManifestEntry) => {
  const m = new Map<string, number>();
  for (const e of manifest) m.set(String(e[k]), (m.get(String(e[k])) ?? 0) + 1);
  return [...m].sort((a, b) => b[1] - a[1]).map(([a, b]) => `${a} ${b}`).join(', ');
};
console.log(`${manifest.length} messages, ${failures} failures`);
for (const k of ['lang', 'label', 'client', 'charset', 'encoding'] as const) console.log(`${k}: ${count(k)}`);
const missing: string[] = [];
for (const lang of new Set(manifest.map((e) => e.lang))) {
  if (['ru', 'ja', 'zh'].includes(lang)) continue;
  for (const l of new Set(manifest.map((e) => e.label))) if (!manifest.some((e) => e.lang === lang && e.label === l)) missing.push(`${lang}/${l}`);
}
if (missing.length) console.log(`missing language/category pairs: ${missing.join(', ')}`);
process.exit(failures || missing.length ? 1 : 0);

/**
 * `npx tsx bench/triage-mail/build.ts`: writes bench/triage-mail/messages/*.eml and manifest.json
 * from the hand-written replies in data/<lang>.ts. Deterministic: the same data gives the same bytes.
 * test/mail-realworld.test.ts then reads every file back with the mailbox parser.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { render } from './lib/render.ts';
import { LABELS, type Msg } from './lib/types.ts';
import { en } from './data/en.ts';
import { de } from './data/de.ts';
import { fr } from './data/fr.ts';
import { es } from './data/es.ts';
import { nl } from './data/nl.ts';
import { it } from './data/it.ts';
import { pl } from './data/pl.ts';
import { pt } from './data/pt.ts';
import { sv } from './data/sv.ts';
import { da } from './data/da.ts';
import { fi } from './data/fi.ts';
import { cs } from './data/cs.ts';
import { extra } from './data/extra.ts';

export const ALL: Msg[] = [...en, ...de, ...fr, ...es, ...nl, ...it, ...pl, ...pt, ...sv, ...da, ...fi, ...cs, ...extra];

export interface ManifestEntry {
  file: string;
  label: Msg['label'];
  lang: Msg['lang'];
  client: Msg['client'];
  charset: string;
  encoding: string;
  note: string;
  expect_text_contains: string;
  expect_failed_recipient?: string;
  expect_subject?: string;
  expect_from_name?: string;
  expect_attachments?: string[];
}

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, 'messages');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const seen = new Set<string>();
const manifest: ManifestEntry[] = [];
for (const m of ALL) {
  if (seen.has(m.id)) throw new Error(`duplicate id ${m.id}`);
  seen.add(m.id);
  if (!LABELS.includes(m.label)) throw new Error(`${m.id}: unknown label ${m.label}`);
  let r;
  try {
    r = render(m);
  } catch (e) {
    throw new Error(`${m.id}: ${(e as Error).message}`);
  }
  const expect = m.expect || r.autoExpect;
  if (!expect) throw new Error(`${m.id}: no expect_text_contains`);
  const sq = (s: string) => s.replace(/\s+/g, ' ');
  if (m.label !== 'Bounce' && m.text && !sq(m.text).includes(sq(expect))) throw new Error(`${m.id}: expect is not in the text the sender wrote`);
  const file = `${m.id}.eml`;
  writeFileSync(join(out, file), r.bytes);
  manifest.push({
    file,
    label: m.label,
    lang: m.lang,
    client: m.client,
    charset: r.charset,
    encoding: r.encoding,
    note: m.note,
    expect_text_contains: expect,
    ...(r.failed ? { expect_failed_recipient: r.failed } : {}),
    ...(r.subject ? { expect_subject: r.subject } : {}),
    ...(m.label !== 'Bounce' && r.fromName ? { expect_from_name: r.fromName } : {}),
    ...(r.attachments?.length ? { expect_attachments: r.attachments } : {}),
  });
}
writeFileSync(join(here, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(`${manifest.length} messages in ${readdirSync(out).length} files`);

// Docs that stand alone (issue 31 item 7): the code and the docs cite only what the repository
// holds. Two checks:
//
//  - No file cites the specification documents that live outside the repository (SPEC.md,
//    CONTRACT.md or "CONTRACT", ARCHITECTURE.md, DASHBOARD.md, STYLE.md). What they said is in
//    docs/*.md now; cite that.
//  - Every citation of a section resolves. One form: docs/<file>.md "<heading>" (README.md
//    "<heading>" too), several headings as docs/x.md "A", "B" and "C". A heading matches when it
//    reads the same, ignoring case, backticks and line breaks, at any level from # to ####; the
//    part of a heading before ":" or " (" is enough (docs/triage.md "Calibration" for
//    "Calibration: the classifier alone …"). Markdown links to a docs anchor (mail.md#limits,
//    docs/api.md#errors, #errors) must name a heading too, spelt as GitHub makes the anchor.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url));

const SCANNED = ['src', 'web/src', 'bin', 'test', 'clients', 'docs', 'bench', 'README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'screenshots']);

/**
 * Committed migrations are never edited (test/migration-checksums.test.ts), so the comments of
 * these keep the specification's section titles they were written with; docs/architecture.md
 * "Migrations" says where each of those sections is told now. Only these: a new migration
 * cites docs/*.md like any other file.
 */
const FROZEN = new Set([
  'src/db/migrations/0007_inbox_queries.ts',
  'src/db/migrations/0008_search.ts',
  'src/db/migrations/0009_people.ts',
  'src/db/migrations/0012_triage.ts',
  'src/db/migrations/0013_mailboxes.ts',
  'src/db/migrations/0017_mailbox_oauth.ts',
]);

/** The documents outside the repository, as code and docs used to cite them. */
const OUTSIDE = /\b(?:SPEC|CONTRACT)\b|\b(?:ARCHITECTURE|DASHBOARD|STYLE)\.md\b/;

function walk(rel: string, out: string[]): string[] {
  const abs = path.join(ROOT, rel);
  if (!fs.existsSync(abs)) return out;
  if (fs.statSync(abs).isFile()) return out.concat(rel);
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const child = path.posix.join(rel, entry.name);
    if (entry.isDirectory()) walk(child, out);
    else if (entry.isFile()) out.push(child);
  }
  return out;
}

/** Text files only: anything with a NUL in its first 8 KiB is taken for binary. */
function textOf(rel: string): string | null {
  const bytes = fs.readFileSync(path.join(ROOT, rel));
  if (bytes.subarray(0, 8192).includes(0)) return null;
  return bytes.toString('utf8');
}

const files = SCANNED.flatMap((rel) => walk(rel, [])).filter((f) => f !== SELF);
const texts = new Map(
  files.flatMap((f) => {
    const text = textOf(f);
    return text === null ? [] : [[f, text] as const];
  }),
);

const normalise = (s: string) => s.replace(/[`*]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

interface Doc {
  headings: string[];
  anchors: Set<string>;
}
const docs = new Map<string, Doc | null>();

/** The headings of a markdown file (# to ####, outside fenced code), or null when it does not exist. */
function headingsOf(text: string): string[] {
  const headings: string[] = [];
  let fence: string | null = null;
  for (const line of text.split('\n')) {
    const f = /^\s*(```+|~~~+)/.exec(line);
    if (f) {
      if (fence === null) fence = f[1]![0]!;
      else if (f[1]![0] === fence) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const h = /^(#{1,4})\s+(.+?)\s*#*\s*$/.exec(line);
    if (h) headings.push(h[2]!);
  }
  return headings;
}

function docAt(rel: string): Doc | null {
  if (!docs.has(rel)) {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs)) docs.set(rel, null);
    else {
      const headings = headingsOf(fs.readFileSync(abs, 'utf8'));
      const anchors = new Set<string>();
      const seen = new Map<string, number>();
      for (const h of headings) {
        const base = slug(h);
        const n = seen.get(base) ?? 0;
        seen.set(base, n + 1);
        anchors.add(n === 0 ? base : `${base}-${n}`);
      }
      docs.set(rel, { headings, anchors });
    }
  }
  return docs.get(rel)!;
}

/** Whether a cited heading names one of the headings, whole or up to its ":" or " (". */
function headingMatches(cited: string, headings: readonly string[]): boolean {
  const c = normalise(cited);
  return headings.some((heading) => {
    const h = normalise(heading);
    if (h === c) return true;
    if (!h.startsWith(c)) return false;
    const rest = h.slice(c.length);
    return rest.startsWith(':') || rest.startsWith(' (') || rest.startsWith(' —');
  });
}

interface Citation {
  file: string;
  line: number;
  doc: string;
  heading: string;
}

/**
 * The `docs/x.md "Heading"` citations of a text. A quoted heading may wrap onto the next line
 * of a paragraph or of a comment (`//`, ` * `, `#` are read as the space they stand for).
 */
function citationsIn(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  const cite = /(?<![\w/.-])((?:docs\/[\w-]+|README)\.md) ("[^"]{1,200}"(?:(?:,\s+|,?\s+and\s+|,?\s+or\s+)"[^"]{1,200}")*)/g;
  for (const m of text.matchAll(cite)) {
    const line = text.slice(0, m.index).split('\n').length;
    for (const q of m[2]!.matchAll(/"([^"]+)"/g)) {
      const heading = q[1]!.replace(/\s*\n\s*(?:\/\/|\*(?!\*)|#)?\s*/g, ' ');
      found.push({ file, line, doc: m[1]!, heading });
    }
  }
  return found;
}

describe('docs stand alone', () => {
  it('nothing cites SPEC.md, CONTRACT, ARCHITECTURE.md, DASHBOARD.md or STYLE.md', () => {
    const offending: string[] = [];
    for (const [file, text] of texts) {
      if (FROZEN.has(file)) continue;
      text.split('\n').forEach((line, i) => {
        if (OUTSIDE.test(line)) offending.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offending, 'these documents are not in the repository: cite docs/<file>.md "<heading>" instead').toEqual([]);
  });

  it('every docs/<file>.md "<heading>" citation names a heading of that file', () => {
    const citations = [...texts].flatMap(([file, text]) => citationsIn(file, text));
    // the form is in use, so the check below checks something
    expect(citations.filter((c) => c.file.startsWith('src/')).length).toBeGreaterThan(20);
    expect(citations.filter((c) => c.file.startsWith('web/src/')).length).toBeGreaterThan(0);
    const broken = citations.flatMap((c) => {
      const doc = docAt(c.doc);
      if (!doc) return [`${c.file}:${c.line}: ${c.doc} does not exist`];
      if (!headingMatches(c.heading, doc.headings)) return [`${c.file}:${c.line}: ${c.doc} has no heading "${c.heading}"`];
      return [];
    });
    expect(broken).toEqual([]);
  });

  it('every markdown link to a docs anchor names a heading', () => {
    const broken: string[] = [];
    for (const [file, text] of texts) {
      const links = file.endsWith('.md')
        ? [...text.matchAll(/\]\(([^()\s#]*\.md)?#([^()\s]+)\)/g)].map((m) => ({
            index: m.index,
            target: m[1] ? path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])) : file,
            anchor: m[2]!,
          }))
        : [...text.matchAll(/(?<![\w/.-])(docs\/[\w-]+\.md)#([\w-]+)/g)].map((m) => ({ index: m.index, target: m[1]!, anchor: m[2]! }));
      for (const { index, target, anchor } of links) {
        if (/^https?:/.test(target)) continue;
        const doc = docAt(target);
        const line = text.slice(0, index).split('\n').length;
        if (!doc) broken.push(`${file}:${line}: ${target} does not exist`);
        else if (!doc.anchors.has(decodeURIComponent(anchor).toLowerCase())) broken.push(`${file}:${line}: ${target} has no heading for #${anchor}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('reads headings and citations the way they are written', () => {
    const headings = headingsOf('# Title\n\n```sh\n# not a heading\n```\n## Inbox queries (`GET /api/replies`)\n#### Calibration: the classifier\n##### Too deep\n');
    expect(headings).toEqual(['Title', 'Inbox queries (`GET /api/replies`)', 'Calibration: the classifier']);
    expect(headingMatches('inbox queries', headings)).toBe(true);
    expect(headingMatches('Inbox queries (GET /api/replies)', headings)).toBe(true);
    expect(headingMatches('Calibration', headings)).toBe(true);
    expect(headingMatches('Inbox', headings)).toBe(false);
    expect(headingMatches('Too deep', headings)).toBe(false);
    expect(citationsIn('x.ts', '// (docs/api.md "PATCH\n// rules", "Errors" and "Basics"; README.md "Set-up")').map((c) => `${c.doc} ${c.heading}`)).toEqual([
      'docs/api.md PATCH rules',
      'docs/api.md Errors',
      'docs/api.md Basics',
      'README.md Set-up',
    ]);
    expect(slug('Google Workspace and Microsoft 365: OAuth 2.0 first')).toBe('google-workspace-and-microsoft-365-oauth-20-first');
    expect(OUTSIDE.test('CONTRACT "Triage"')).toBe(true);
    expect(OUTSIDE.test('SPEC.md §2.1')).toBe(true);
    expect(OUTSIDE.test('const MAIL_SPEC = 1')).toBe(false);
  });
});

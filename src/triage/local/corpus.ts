import { readFileSync } from 'node:fs';
import { CORPUS_DIR } from '../../files.ts';

/**
 * The labelled corpus shipped in ./corpus/<lang>.jsonl: one {"text", "subject", "label"} per line.
 * A fixed 20% of it — chosen by a hash of the statement it was written from, so it never moves when lines are added or
 * reordered — is held out: never trained on, used only to calibrate and measure.
 */
export const CORPUS_LANGUAGES = ['en', 'de', 'fr', 'es', 'nl', 'pl', 'cs'] as const;
export type CorpusLanguage = (typeof CORPUS_LANGUAGES)[number];

export interface CorpusEntry {
  text: string;
  subject: string;
  label: string;
  lang: CorpusLanguage;
  /** Variants of one hand-written statement share a group; the split is by group. */
  group: string;
}

export function loadCorpus(): CorpusEntry[] {
  const out: CorpusEntry[] = [];
  for (const lang of CORPUS_LANGUAGES) {
    const lines = readFileSync(new URL(`${lang}.jsonl`, CORPUS_DIR), 'utf8').split('\n');
    for (const line of lines) {
      if (!line.trim()) continue;
      const e = JSON.parse(line) as { text: string; subject?: string; label: string; group?: string };
      out.push({ text: e.text, subject: e.subject ?? '', label: e.label, lang, group: e.group ?? e.text });
    }
  }
  return out;
}

/**
 * True for the held-out fifth of the corpus: FNV-1a of the entry's group (the hand-written
 * statement its text was made from; the text itself for a reply written whole), mod 5. Splitting
 * by group keeps every variant of a held-out statement out of training.
 */
export function isHeldOut(entry: { group: string }): boolean {
  const text = entry.group;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % 5 === 0;
}

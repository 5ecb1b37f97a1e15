import { readFileSync } from 'node:fs';
import { CORPUS_DIR } from '../../files.ts';

/**
 * The labelled corpus shipped in ./corpus/<lang>.jsonl: one {"text", "subject", "label"} per line.
 * Split by a hash of the statement each line was written from, so it never moves when lines are added or reordered:
 * a held-out fifth (only measured), a validation tenth (thresholds are read from it, with a
 * model trained on the training split alone), the training split.
 */
export const CORPUS_LANGUAGES = ['en', 'de', 'fr', 'es', 'nl', 'fi', 'it', 'pt', 'sv', 'da', 'pl', 'cs'] as const;
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
 * FNV-1a of an entry's group (the hand-written statement its text was made from; the text itself
 * for a reply written whole): the splits below, and `npm run triage:folds`'s parts.
 */
export function groupHash(entry: { group: string }): number {
  const text = entry.group;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * True for the held-out fifth of the corpus (group hash mod 5 is 0): never trained on, never
 * used to set a threshold or write a rule — only measured. Splitting by group keeps every
 * variant of a held-out statement out of training.
 */
export function isHeldOut(entry: { group: string }): boolean {
  return groupHash(entry) % 5 === 0;
}

/**
 * True for the validation tenth (group hash mod 10 is 1): the classifier's threshold and the
 * rules' choices are read from it with a model trained on the training split alone
 * (`npm run triage:eval`'s calibration table); the shipped classifier, trained after those
 * choices, learns from it too (isFitted). The held-out figures stay an honest estimate either way.
 */
export function isValidation(entry: { group: string }): boolean {
  return groupHash(entry) % 10 === 1;
}

/** The training split: neither held out nor validation. */
export function isTraining(entry: { group: string }): boolean {
  return !isHeldOut(entry) && !isValidation(entry);
}

/** What the shipped classifier learns from: everything but the held-out split (training and validation). */
export function isFitted(entry: { group: string }): boolean {
  return !isHeldOut(entry);
}

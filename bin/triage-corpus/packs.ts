import { cs } from './cs.ts';
import { da } from './da.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fi } from './fi.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { nl } from './nl.ts';
import type { LanguagePack } from './pack.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';
import { sv } from './sv.ts';

/**
 * Every language the corpus is generated in, in generation order. The generator draws from one
 * seeded random stream, so a language appended at the end leaves the earlier files unchanged.
 * Each must also be listed in CORPUS_LANGUAGES (src/triage/local/corpus.ts).
 */
export const PACKS: readonly LanguagePack[] = [en, de, fr, es, nl, fi, it, pt, sv, da, pl, cs];

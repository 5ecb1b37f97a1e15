/**
 * One slip of the keyboard in a long word of the rules' phrases, undone where a reply as written
 * matches no rule (rules.ts `matchRules`): "entfernnen", "unsubscirbe", "urlaubsbedignt" are read
 * as "entfernen", "unsubscribe", "urlaubsbedingt" (docs/triage.md "Typos in the rules' words").
 *
 * The slips undone are the three a hurried typist makes most: a letter dropped, a letter
 * doubled, two neighbouring letters swapped. A letter typed for another is not: it turns one
 * word into another too often ("anmelden", to sign up, is one letter from "abmelden"). A word is
 * changed only when the phrases do not spell it themselves, when it is one slip from exactly one
 * keyword, and when the keyword is long (KEYWORD_MIN letters): short words are one slip from each other
 * everywhere (Polish "wpisać", to sign up, is "wypisać", to sign off, without its "y": read on the
 * training splits' folds, keywords from 7 letters set six replies wrong, from 9 none).
 */
export const KEYWORD_MIN = 9;

/** Every string one dropped, doubled or swapped letter away from `word`. */
function slips(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i++) {
    out.push(word.slice(0, i) + word.slice(i + 1)); // dropped
    out.push(word.slice(0, i + 1) + word[i] + word.slice(i + 1)); // doubled
    if (i + 1 < word.length && word[i] !== word[i + 1]) out.push(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)); // swapped
  }
  return out;
}

/** The runs of plain letters in a pattern's source, KEYWORD_MIN − 1 long or more, that a match spells out as they are. */
export function literalWords(source: string): string[] {
  // an escape (\b, \s) is no letter of a word; a run followed by ?, *, + or { is not spelled whole
  const plain = source.replace(/\\[a-zA-Z]/g, ' ');
  return [...plain.matchAll(new RegExp(`(?<![a-z])[a-z]{${KEYWORD_MIN - 1},}(?![a-z?*+{])`, 'g'))].map((m) => m[0]);
}

export class TypoFixer {
  /** A slip → its keyword; null where two keywords share it. */
  private readonly slipOf = new Map<string, string | null>();

  /**
   * `words`: what the phrases spell; the long ones are the keywords, and none of them is ever
   * read as a slip of another ("kasujcie" stays, though "skasujcie" without its "s").
   */
  constructor(words: Iterable<string>) {
    const spelled = new Set(words);
    for (const k of spelled) {
      if (k.length < KEYWORD_MIN) continue;
      for (const s of slips(k)) {
        if (spelled.has(s)) continue;
        const before = this.slipOf.get(s);
        this.slipOf.set(s, before === undefined || before === k ? k : null);
      }
    }
  }

  /** `text` (folded, lower case) with each word that is a keyword's slip spelled as the keyword; the same string when none is. */
  fix(text: string): string {
    return text.replace(WORD, (w) => this.slipOf.get(w) ?? w);
  }
}

const WORD = new RegExp(`[a-z]{${KEYWORD_MIN - 1},}`, 'g');

// One slip of the keyboard in a long word of the rules' phrases (src/triage/local/typos.ts):
// undone where the text as written matches no rule, so "entfernnen" asks to be removed as
// "entfernen" does, while a letter typed for another, a short word and a word one slip from two
// keywords are left.
import { describe, expect, it } from 'vitest';
import { matchRules } from '../src/triage/local/rules.ts';
import { ownText, stripQuoted } from '../src/triage/local/strip.ts';
import { literalWords, TypoFixer } from '../src/triage/local/typos.ts';

const rule = (body: string) => matchRules('Re: Quick question', stripQuoted(body), ownText(body), 'someone@example.com');

describe('typos: the rules read a slip in a long word as the word', () => {
  it.each([
    ['a letter dropped', 'Hallo Tom,\n\nbitte austagen.\n\nGruß\nJana', 'Unsubscribe'],
    ['a letter doubled', 'Servus Tom,\n\nentfernnen\n\nMit freundlichen Grüßen\nJana', 'Unsubscribe'],
    ['two letters swapped', 'Please unsubscirbe me from this list.', 'Unsubscribe'],
    ['a swap in a phrase of several words', 'Es reicht. Shcreiben Sie mir nie wieder.', 'Unsubscribe'],
    ['an absence', 'Ich antworte urlaubsbedignt erst ab Montag.', 'Out of office'],
  ])('%s', (_, body, label) => {
    expect(rule(body)).toMatchObject({ label, strength: 'strong' });
  });

  it('leaves a letter typed for another, two slips, and words that are no slip of a keyword', () => {
    // "anmelden" (to sign up) is one letter from "abmelden" (to unsubscribe)
    expect(rule('Ich möchte mich für die Demo anmelden.')).toBeNull();
    expect(rule('entenren')).toBeNull();
    expect(rule('Happy to talk next week about pricing.')).toBeNull();
  });
});

describe('typos: TypoFixer', () => {
  it('spells a slip of exactly one keyword as that keyword, and nothing else', () => {
    const fixer = new TypoFixer(['entfernen', 'abbestellen', 'kontaktieren', 'abmelden']);
    expect(fixer.fix('bitte entfrenen, abbesstellen und nicht mehr kontktieren')).toBe('bitte entfernen, abbestellen und nicht mehr kontaktieren');
    // a keyword is never changed, and a word of under nine letters is no keyword
    expect(fixer.fix('entfernen abmleden')).toBe('entfernen abmleden');
  });

  it('never reads a word the phrases spell as a slip of another', () => {
    // "kasujcie" (delete it) is "skasujcie" (delete it, perfective) without its "s": both are phrases' words
    expect(new TypoFixer(['skasujcie', 'kasujcie']).fix('kasujcie go')).toBe('kasujcie go');
    expect(new TypoFixer(['skasujcie']).fix('kasujcie go')).toBe('skasujcie go');
  });

  it('leaves a word that is a slip of two keywords', () => {
    // "abcdefghi" dropped its "i" and "abcdefghj" its "j": "abcdefgh" is a slip of both
    const fixer = new TypoFixer(['abcdefghi', 'abcdefghj']);
    expect(fixer.fix('abcdefgh')).toBe('abcdefgh');
    expect(fixer.fix('abcdefgih')).toBe('abcdefghi');
  });

  it("takes from a pattern's source the long runs of letters a match spells out as they are", () => {
    // not "unsubscri" (its "i" is optional), "bdisturbing" (\\b is no letter) or the words under eight letters
    expect(literalWords('(?:stop|quit) (?:e-?mailing|contacting) me\\bdisturbing unsubscri?be kontaktieren(?:s)? austragen abmelden')).toEqual([
      'contacting',
      'disturbing',
      'kontaktieren',
      'austragen',
      'abmelden',
    ]);
  });
});

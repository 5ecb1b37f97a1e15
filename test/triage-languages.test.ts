// Every language in src/triage/local/languages/: registered everywhere a language must be, and
// every pattern compiles as rules.ts, strip.ts and ooo-date.ts join it (folded patterns without
// accents, since they are matched against folded text). Each language's behaviour — quoting,
// sign-offs, dates, rules — has its own test file (test/triage-<code>.test.ts).
import { describe, expect, it } from 'vitest';
import { PACKS } from '../bin/triage-corpus/packs.ts';
import { CORPUS_LANGUAGES } from '../src/triage/local/corpus.ts';
import { LANGUAGES } from '../src/triage/local/languages/index.ts';

const FOLDED = ['bounceSubject', 'bounceBody', 'oooSubject', 'oooBody', 'unsubscribe', 'wrongPerson', 'pointsElsewhere', 'tomorrow', 'returnWords', 'untilWords'] as const;
const RAW = ['attributionVerbs', 'attributionStarts', 'separators', 'forwardStarts', 'headerFrom', 'headerNext', 'mobileFooters', 'signOffs'] as const;

describe.each(LANGUAGES.map((l) => [l.code, l] as const))('%s', (code, lang) => {
  it('has a corpus pack and a corpus file', () => {
    expect(PACKS.map((p) => p.lang)).toContain(code);
    expect(CORPUS_LANGUAGES).toContain(code);
  });
  it.each(FOLDED)('%s: folded (no letter beyond a-z), compiles alone and joined', (field) => {
    expect(lang[field].length).toBeGreaterThan(0);
    for (const p of lang[field]) {
      expect(() => new RegExp(p), p).not.toThrow();
      expect(p, p).not.toMatch(/(?![a-zA-Z])\p{L}/u); // "ą", "ø", "é" never match folded text; a dash may
    }
    expect(() => new RegExp(lang[field].join('|'))).not.toThrow();
  });
  it.each(RAW)('%s: compiles with the "iu" flags, alone and joined', (field) => {
    for (const p of lang[field]) expect(() => new RegExp(p, 'iu'), p).not.toThrow();
    expect(() => new RegExp(`^\\s*(?:${lang[field].join('|')})\\s*$`, 'iu')).not.toThrow();
  });
  it('has twelve months and seven weekdays, all folded', () => {
    expect(lang.months).toHaveLength(12);
    expect(lang.weekdays).toHaveLength(7);
    for (const n of [...lang.months.flat(), ...lang.weekdays.flat()]) expect(n, n).toMatch(/^[a-z-]+$/);
  });
});

/**
 * What the categoriser needs to know about one language beyond its training replies: the
 * phrases that decide a category outright, how its mail clients quote and sign, and how it
 * writes dates. One file per language in this folder (`it.ts`, `pl.ts`, …), registered in
 * `index.ts`; rules.ts, strip.ts and ooo-date.ts build their patterns from all of them.
 *
 * Two kinds of pattern, each a regular-expression source (no flags, no anchors unless said):
 * - FOLDED patterns are matched against `fold(text)`: lower-case, accents removed (NFD, then
 *   combining marks dropped), ß→ss, œ→oe, æ→ae, ø→o, ł→l, curly apostrophes → '. So write
 *   "desinscrire", "wylacz", "prosze", "tilbage", "poissa" — never an accented letter.
 * - RAW patterns (quoting, sign-offs) are matched case-insensitively against the text as
 *   written: accents matter, write both spellings where mail clients or people drop them
 *   ("[åa]", "[øo]").
 */
export interface TriageLanguage {
  /** ISO 639-1 code. */
  code: string;

  // ── rules (FOLDED) ───────────────────────────────────────────────────────────────────────
  /** Subject starts of delivery-failure reports ("unzustellbar", "mancato recapito"); matched at the subject's start. */
  bounceSubject: string[];
  /** Body phrases of delivery-failure reports ("konnte nicht zugestellt werden"). */
  bounceBody: string[];
  /** Subject starts of automatic absence replies ("risposta automatica", "poza biurem"). */
  oooSubject: string[];
  /** Body phrases of absence notices ("sono fuori ufficio", "jestem na urlopie"). */
  oooBody: string[];
  /** Requests to stop mailing or delete the address ("cancellatemi", "wypisz mnie"). */
  unsubscribe: string[];
  /** "I left / not the right person" phrases. */
  wrongPerson: string[];
  /** Phrases that point to someone else ("contatti il mio collega", "przekazalem"). */
  pointsElsewhere: string[];

  // ── quoting and signatures (RAW) ─────────────────────────────────────────────────────────
  /** The verb of an attribution line ("skrev", "scrisse", "napisał"): the line ends with it and a colon. */
  attributionVerbs: string[];
  /** Words an attribution line starts with ("den", "il", "w dniu", "dne"). */
  attributionStarts: string[];
  /** Words between the dashes of an original/forwarded-message separator ("Messaggio originale", "Wiadomość oryginalna"). */
  separators: string[];
  /** Whole lines that start a forwarded message ("Inizio messaggio inoltrato:"). */
  forwardStarts: string[];
  /** Outlook's header block: the "From" label ("Da", "Od", "Från", "Fra", "Lähettäjä"). */
  headerFrom: string[];
  /** Outlook's other labels (Sent, To, Subject, Cc, Date: "Inviato", "A", "Oggetto", "Data"). */
  headerNext: string[];
  /** Whole-line mobile footers ("Inviato da iPhone", "Wysłane z iPhone'a"), regex sources. */
  mobileFooters: string[];
  /** Whole-line sign-offs ("Cordiali saluti", "Pozdrawiam", "Med vänlig hälsning"), regex sources. */
  signOffs: string[];

  // ── dates (FOLDED) ───────────────────────────────────────────────────────────────────────
  /** Twelve entries, January first: every form a month is written in (nominative, genitive, abbreviations). */
  months: string[][];
  /** Seven entries, Sunday first: every form a weekday is written in. */
  weekdays: string[][];
  /** "tomorrow" ("domani", "jutro"). */
  tomorrow: string[];
  /** Words after which the return date follows ("rientro", "wracam", "tillbaka"). */
  returnWords: string[];
  /** Words after which the last day away follows ("fino al", "do", "till och med"). */
  untilWords: string[];
}

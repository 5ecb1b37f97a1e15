/** What the corpus generator needs from one language: real replies' building blocks, written by hand. */
export interface CategoryPhrases {
  /** Whole statements that carry the category; each is a "group" (variants of one never straddle the held-out split). */
  main: string[];
  /** Sentences that may follow a statement of this category without changing it. */
  extra: string[];
}

export interface LanguagePack {
  /** ISO 639-1 code; also the corpus file's name (src/triage/local/corpus/<lang>.jsonl). */
  lang: string;
  outreachSubjects: string[];
  /** The cold e-mail being answered, quoted under some replies. */
  outreach: string[];
  /** "On … wrote:" lines, with {wday} {date} {time}. */
  attributions: string[];
  /** An Outlook header block (From/Sent/To/Subject in the language). */
  outlookHeader: string;
  greetings: string[];
  signOffs: string[];
  titles: string[];
  firstNames: string[];
  lastNames: string[];
  companies: string[];
  disclaimers: string[];
  mobile: string[];
  months: string[];
  weekdays: string[];
  /** How dates are written in the language: {d} {dd} {mm} {yyyy} {month} {wday}. */
  dateFormats: string[];
  categories: Record<string, CategoryPhrases>;
  bounces: string[];
  bounceSubjects: string[];
  oooSubjects: string[];
  replyPrefix?: string[];
  /** Whole replies written by hand, [category, text]: each its own group in the held-out split. */
  handwritten?: [string, string][];
}

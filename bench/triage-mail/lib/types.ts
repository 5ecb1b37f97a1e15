import type { Cte } from './mime.ts';
import type { Lang } from './locale.ts';

export const LABELS = ['Interested', 'Meeting request', 'Information request', 'Referral', 'Not interested', 'Wrong person', 'Out of office', 'Unsubscribe', 'Bounce'] as const;
export type Label = (typeof LABELS)[number];

/** Renderers: mail clients, automatic repliers, and mail servers writing bounces. */
export type Client =
  | 'gmail'
  | 'outlook'
  | 'outlook-365'
  | 'owa'
  | 'outlook-ios'
  | 'apple-mail'
  | 'iphone'
  | 'thunderbird'
  | 'yahoo'
  | 'roundcube'
  | 'seznam'
  | 'wp'
  | 'libero'
  | 'sapo'
  | 'samsung'
  | 'the-bat'
  | 'becky'
  | 'active-mail'
  | 'foxmail'
  | 'phpmailer'
  | 'exchange-oof'
  | 'gmail-vacation'
  | 'sieve-vacation'
  | 'notes-oof'
  | 'postfix'
  | 'exim'
  | 'exim-legacy'
  | 'exchange-ndr'
  | 'exchange-2010-ndr'
  | 'gmail-dsn'
  | 'sendmail'
  | 'qmail'
  | 'yahoo-bounce';

export interface Attachment {
  filename: string;
  type: string;
  content: Buffer;
  /** How the client writes a non-ASCII name: RFC 2231 (filename*=cs''…) or RFC 2047 words in quotes. */
  nameStyle?: 'rfc2231' | 'encoded-word';
  nameCharset?: string;
  /** Inline image in the HTML (multipart/related), e.g. a signature logo. */
  cid?: string;
}

export interface Msg {
  id: string;
  lang: Lang;
  label: Label;
  client: Client;
  /** The prospect: the reply's sender, or the recipient that failed for a bounce. "Name <addr>". */
  who: string;
  company?: string;
  /** First name Tom's greeting used; defaults to the first word of the name. */
  first?: string;
  /** Local time of sending, "YYYY-MM-DD HH:MM[:SS]", and its offset. */
  date: string;
  tz?: string;
  /** What the sender typed (signature included), or the notice an auto-replier sends. */
  text?: string;
  /** Text for the HTML part when it differs from `text` (e.g. a signature with a logo). */
  html?: boolean | 'only';
  charset?: string;
  /** The charset label written in the header, when it is not the charset of the bytes. */
  charsetLabel?: string;
  enc?: Cte;
  htmlCharset?: string;
  htmlEnc?: Cte;
  subject?: string;
  /** Keep the quoted outreach (default true). */
  quote?: boolean;
  /** Reply written under the quote (Thunderbird users who bottom-post). */
  bottomPost?: boolean;
  attach?: Attachment[];
  /** Header charset and encoded-word mode for From/Subject. */
  hcs?: string;
  hmode?: 'Q' | 'B';
  /** Bounce: diagnostic the remote server gave, and its host. */
  diag?: string;
  remote?: string;
  /** Bounce written in this language (Exchange NDRs). */
  ndrLang?: Lang;
  /** Auto-reply sent with an empty envelope sender. */
  nullSender?: boolean;
  /** Extra header lines, appended after the client's. */
  extra?: string[];
  expect: string;
  note: string;
}

export interface Rendered {
  bytes: Buffer;
  charset: string;
  encoding: string;
  failed?: string;
  attachments?: string[];
}

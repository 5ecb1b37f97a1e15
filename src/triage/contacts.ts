// What a category means for the contact (docs/triage.md "Consequences"): an unsubscribe marks
// the contact do-not-contact, a bounce marks the addresses it names bouncing, each change
// announced by contact.updated (raised through src/events.ts, in the write of the decision);
// an out-of-office reply is snoozed (decide.ts reads its date).
import type { Tx } from '../db/types.ts';
import { raise } from '../events.ts';
import { contactEvent, isUnsubscribe, setDoNotContact } from '../replies/contact-marks.ts';
import * as q from './queries.ts';
import { bodyOf } from './reply-text.ts';

export type Consequence = 'unsubscribe' | 'out-of-office' | 'bounce' | null;

export function consequenceOf(categoryName: string): Consequence {
  const n = categoryName.trim().toLowerCase();
  if (isUnsubscribe(n)) return 'unsubscribe';
  if (n === 'out of office') return 'out-of-office';
  if (n === 'bounce') return 'bounce';
  return null;
}

const DAEMON = /^(mailer-daemon|postmaster|mail-daemon|mailerdaemon|bounces?|no-?reply)(\+[^@]*)?@/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** The addresses a bounce says failed: its DSN recipient fields, else the addresses it names. */
export function bouncedAddresses(r: { from_email: string; to_email: string; body: string }): string[] {
  const dsn = [...r.body.matchAll(/(?:final|original)-recipient:\s*rfc822;\s*<?([^\s<>;]+@[^\s<>;]+)>?/gi)].map((m) => m[1]!.toLowerCase());
  const found = dsn.length ? dsn : [...r.body.matchAll(EMAIL)].map((m) => m[0].toLowerCase());
  const skip = new Set([r.from_email.toLowerCase(), r.to_email.toLowerCase()]);
  const out = [...new Set(found)].filter((e) => !skip.has(e) && !DAEMON.test(e)).slice(0, 5);
  // a bounce ingested under the prospect's own address (not a mailer daemon's) names the prospect
  if (!DAEMON.test(r.from_email)) out.unshift(r.from_email.toLowerCase());
  return [...new Set(out)];
}

/** Carries out a category's consequence for the reply's contact (or the addresses a bounce names), in the decision's write. */
export async function carryOut(trx: Tx, workspaceId: string, what: Consequence, r: q.TriageReplyRow, reason: string, at: string) {
  if (what === 'unsubscribe') {
    await setDoNotContact(trx, workspaceId, r.contact_id, at, `Unsubscribe reply ${r.id} (${reason})`.slice(0, 500), true);
  } else if (what === 'bounce') {
    for (const c of await q.markBouncing(trx, workspaceId, bouncedAddresses({ from_email: r.from_email, to_email: r.to_email, body: bodyOf(r) }), at)) {
      await raise(trx, workspaceId, 'contact.updated', contactEvent(c, { bouncing: { previous: false, current: true } }));
    }
  }
}

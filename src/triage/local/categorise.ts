import { readHeaders } from './headers.ts';
import { namesReturn } from './ooo-date.ts';
import { matchRules } from './rules.ts';
import { shipped } from './shipped.ts';
import { cutSignature, stripQuoted } from './strip.ts';
import { featurise, otherScript } from './text.ts';
import type { Classifier } from './classifier.ts';
import type { Decision, TriageInput } from './types.ts';
import type { WorkspaceModel } from './workspace-model.ts';

/**
 * The shipped classifier's probability below which it says nothing, calibrated on the held-out
 * split (docs/triage.md "Calibration"; `npm run triage:eval` prints the table it was read from).
 */
export const CLASSIFIER_THRESHOLD = 0.4;
/** A soft rule (wrong person / referral) gives way to a classifier at least this sure of something else. */
const OVERRULE_SOFT_RULE = 0.9;
/**
 * A soft Wrong person or Referral (the rule read a pointer elsewhere, or none) gives way to a
 * classifier sure of the other from this. Read on the training and validation splits' five
 * folds (each scored by a model that had not seen it; docs/triage.md "The pipeline", step 3):
 * from 0.85, overrides set 46 replies right and 7 wrong that the rule had right; from 0.95 (the
 * value read on the validation split alone before), 31 and 2 — ten fewer right in all.
 */
const OVERRULE_POINTER = 0.85;
/** The categories of someone who is not the contact (left, or not theirs to answer). */
const NOT_THE_CONTACT = new Set(['Wrong person', 'Referral']);
/**
 * An automatic answer or an absence phrase the classifier is at least this sure says the person
 * left (Wrong person) or names who took over (Referral) is that, not an absence.
 */
const LEFT_NOT_ABSENT = 0.9;
/**
 * An absence phrase in a person's own words ("je suis en congés avant", "sono in ferie fino a
 * venerdì") gives way to a classifier at least this sure the reply asks to meet or is interested
 * ("… proposez-moi un créneau la semaine du 8"). Read on the training and validation splits'
 * five folds (a model that had not seen the fold): 12 such overrides at 0.9, all right, and no
 * absence lost; at 0.7, two absences lost.
 */
const MEETING_OVER_ABSENCE = 0.9;
const AFTER_ABSENCE = new Set(['Meeting request', 'Interested']);
/** The workspace model's confidence from which it decides over rules and the shipped classifier. */
export const WORKSPACE_THRESHOLD = 0.45;

/**
 * A reply this short that names the day its sender is back ("back Thursday", "Retour jeudi.",
 * "Zpět ve čtvrtek.") is an absence, unless the classifier is sure it asks to meet or is
 * interested (MEETING_OVER_ABSENCE). Read on the training and validation splits' five folds: up
 * to 12 words, 8 absences set right and nothing lost; up to 25, the same 8 and 15 lost — longer
 * replies name someone else's return ("she is back on Thursday, it is her decision") or a meeting
 * after one's own ("je rentre le 14 ; calons la démo le lendemain").
 */
const SHORT_NOTE_WORDS = 12;

const isShortReturnNote = (own: string, receivedAt: string | undefined) =>
  own.split(/\s+/).filter(Boolean).length <= SHORT_NOTE_WORDS && namesReturn(own, receivedAt ? new Date(receivedAt) : new Date());

const round = (x: number) => Math.round(x * 100) / 100;

/** The reply's own text (else its subject) is mostly in a script the shipped classifier never learned (docs/triage.md "Other scripts"). */
const mostlyOtherScript = (own: string, subject: string) => otherScript(own.trim() ? own : subject);

/** Whether categorise() leaves a reply to headers, rules and the workspace model because of its script: the "why" says so. */
export function inOtherScript(input: TriageInput): boolean {
  return mostlyOtherScript(cutSignature(stripQuoted(input.bodyText ?? '')), input.subject ?? '');
}

/**
 * headers → rules → shipped classifier, with the workspace model (when given) deciding whenever
 * it is confident — over everything but a delivery report, which no correction can make a reply.
 * `classifier` is the shipped one but for evaluation, which asks models trained without the
 * replies it categorises (`npm run triage:folds`).
 */
export function categorise(input: TriageInput, workspaceModel?: WorkspaceModel | null, classifier?: Classifier): Decision | null {
  const subject = input.subject ?? '';
  const body = stripQuoted(input.bodyText ?? '');
  const header = readHeaders(input);
  if (header?.kind === 'bounce') return { label: 'Bounce', confidence: 0.99, source: 'header', reason: header.reason };

  const ws = workspaceModel?.classify(input);
  if (ws && ws.confidence >= WORKSPACE_THRESHOLD) {
    return { label: ws.label, confidence: round(ws.confidence), source: 'workspace', reason: `like replies this workspace corrected (${round(ws.confidence)})` };
  }

  const own = cutSignature(body);
  const rule = matchRules(subject, body, own, input.fromEmail);
  const model = classifier ?? shipped().model;
  // The classifier learned languages written in Latin letters: a reply in another script is
  // words it has never seen, and its guess would be noise (docs/triage.md "Other scripts").
  const readable = !mostlyOtherScript(own, subject);
  // An automatic answer, or an absence phrase ("Automatic reply:", "not in the office"): the
  // person is away, unless the text says they left ("X left the company; please contact her
  // successor"), which the rules know in the first person and the classifier in any.
  let ownGuess: ReturnType<typeof model.predict> | undefined;
  const guessOwn = () => (ownGuess ??= model.predict(featurise(own, subject)));
  const leftNotice = () => {
    if (!readable) return null;
    const g = guessOwn();
    return NOT_THE_CONTACT.has(g.label) && g.probability >= LEFT_NOT_ABSENT ? g : null;
  };
  if (header?.kind === 'auto') {
    // out of office, unless its text says the person left or mail bounced
    if (rule && (rule.label === 'Wrong person' || rule.label === 'Referral' || rule.label === 'Bounce')) {
      return { label: rule.label, confidence: 0.9, source: 'header', reason: `${header.reason}; "${rule.phrase}"` };
    }
    const left = leftNotice();
    if (left) return { label: left.label, confidence: 0.9, source: 'header', reason: `${header.reason}; classifier ${left.probability.toFixed(2)}` };
    return { label: 'Out of office', confidence: 0.95, source: 'header', reason: header.reason };
  }
  if (rule?.strength === 'strong') {
    const left = rule.label === 'Out of office' ? leftNotice() : null;
    if (left) return { label: left.label, confidence: 0.9, source: 'rule', reason: `phrase "${rule.phrase}"; classifier ${left.probability.toFixed(2)}` };
    const g = rule.absenceInBody && readable ? guessOwn() : null;
    if (g && AFTER_ABSENCE.has(g.label) && g.probability >= MEETING_OVER_ABSENCE) {
      return { label: g.label, confidence: round(g.probability), source: 'classifier', reason: `classifier ${g.probability.toFixed(2)}, over the absence phrase "${rule.phrase}"` };
    }
    return { label: rule.label, confidence: 0.9, source: 'rule', reason: `phrase "${rule.phrase}"` };
  }

  if (!body.trim() && !subject.trim()) return null;
  if (!rule && readable && isShortReturnNote(own, input.receivedAt)) {
    const g = guessOwn();
    if (!(AFTER_ABSENCE.has(g.label) && g.probability >= MEETING_OVER_ABSENCE)) {
      return { label: 'Out of office', confidence: 0.8, source: 'rule', reason: 'a short note of the day its sender is back' };
    }
  }
  const soft: Decision | null = rule && { label: rule.label, confidence: 0.8, source: 'rule', reason: `phrase "${rule.phrase}"` };
  if (!readable) return soft;
  const guess = guessOwn();
  const overrule = NOT_THE_CONTACT.has(rule?.label ?? '') && NOT_THE_CONTACT.has(guess.label) ? OVERRULE_POINTER : OVERRULE_SOFT_RULE;
  if (soft && !(guess.label !== soft.label && guess.probability >= overrule)) return soft;
  if (guess.probability < CLASSIFIER_THRESHOLD) return null;
  return { label: guess.label, confidence: round(guess.probability), source: 'classifier', reason: `classifier ${guess.probability.toFixed(2)}` };
}

/** A suggestion below the threshold still worth a person's click. */
const SUGGESTION_FLOOR = 0.1;

/**
 * When categorise() is not sure, the shipped classifier's most likely categories, best first
 * (at most `k`, each at least SUGGESTION_FLOOR likely): the dashboard offers them as one-click
 * choices, and the click is a correction the workspace model learns from.
 */
export function suggest(input: TriageInput, k = 2): { label: string; confidence: number }[] {
  const subject = input.subject ?? '';
  const body = stripQuoted(input.bodyText ?? '');
  if (!body.trim() && !subject.trim()) return [];
  const own = cutSignature(body);
  if (mostlyOtherScript(own, subject)) return [];
  const { model } = shipped();
  const p = model.probabilities(featurise(own, subject));
  return [...p]
    .map((x, i) => ({ label: model.labels[i]!, confidence: round(x) }))
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, k)
    .filter((s) => s.confidence >= SUGGESTION_FLOOR);
}

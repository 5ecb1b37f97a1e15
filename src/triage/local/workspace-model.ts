import { shipped } from './shipped.ts';
import { cutSignature, stripQuoted } from './strip.ts';
import { wordBag } from './text.ts';
import type { TriageInput } from './types.ts';

/**
 * A workspace's own model, learned from the corrections its people make: nearest neighbours
 * over the corrected replies' words and word pairs, weighted by how rare each is in the shipped
 * corpus (so "the", "und", "merci" weigh little and "renewal", "Rahmenvertrag" a lot).
 *
 * Why neighbours and not a second trained classifier: a team corrects a handful of replies into
 * a new category; a discriminative model cannot learn a class from three examples without
 * firing on everything near its decision boundary, while "this reply says what those replies
 * said" needs no negative examples and is naturally silent on unrelated text (similarity near 0).
 * The examples are kept as text (quoted history and signature removed, 600 characters at most),
 * so the JSON stays readable and survives changes to the feature hashing.
 */

const MAX_TEXT = 600;
const MAX_PER_LABEL = 100;
const MAX_EXAMPLES = 2000;
const K = 3;
/** Cosine similarity below which a neighbour says nothing. */
const MIN_SIMILARITY = 0.3;

interface Example {
  label: string;
  text: string;
}

interface Indexed {
  label: string;
  vector: Map<number, number>;
}

export function workspaceText(input: Pick<TriageInput, 'subject' | 'bodyText'>): string {
  const body = cutSignature(stripQuoted(input.bodyText ?? ''));
  const text = body.trim() || (input.subject ?? '').replace(/^\s*(?:(?:re|aw|sv|fw|fwd|wg|tr|rv|antw)\s*:\s*)+/i, '');
  return text.slice(0, MAX_TEXT).trim();
}

function vectorOf(text: string): Map<number, number> {
  const { idf } = shipped();
  const bag = wordBag(text);
  let norm = 0;
  for (const [h, c] of bag) {
    const v = (1 + Math.log(c)) * idf(h);
    bag.set(h, v);
    norm += v * v;
  }
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [h, v] of bag) bag.set(h, v / norm);
  return bag;
}

export class WorkspaceModel {
  private examples: Example[] = [];
  // Built on first classify, dropped on every change: an inverted index hash → (example, weight).
  private index: { examples: Indexed[]; postings: Map<number, [number, number][]> } | null = null;

  static empty(): WorkspaceModel {
    return new WorkspaceModel();
  }

  /** Tolerant of anything: what is not a valid model gives an empty one; invalid examples are dropped. */
  static fromJSON(json: unknown): WorkspaceModel {
    const model = new WorkspaceModel();
    let value = json;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        return model;
      }
    }
    if (!value || typeof value !== 'object' || !Array.isArray((value as { examples?: unknown }).examples)) return model;
    for (const e of (value as { examples: unknown[] }).examples) {
      if (e && typeof e === 'object' && typeof (e as Example).label === 'string' && typeof (e as Example).text === 'string' && (e as Example).label && (e as Example).text.trim()) {
        model.examples.push({ label: (e as Example).label, text: (e as Example).text.slice(0, MAX_TEXT) });
      }
    }
    model.examples = model.examples.slice(-MAX_EXAMPLES);
    return model;
  }

  toJSON(): { version: 1; examples: Example[] } {
    return { version: 1, examples: this.examples.map((e) => ({ ...e })) };
  }

  get size(): number {
    return this.examples.length;
  }

  /** A person put this reply in `label` (a workspace category id). The same text corrected again replaces the earlier label. */
  learn(input: TriageInput, label: string): void {
    const text = workspaceText(input);
    if (!text || !label) return;
    this.examples = this.examples.filter((e) => e.text !== text);
    this.examples.push({ label, text });
    const ofLabel = this.examples.filter((e) => e.label === label);
    if (ofLabel.length > MAX_PER_LABEL) {
      const drop = ofLabel[0];
      this.examples = this.examples.filter((e) => e !== drop);
    }
    if (this.examples.length > MAX_EXAMPLES) this.examples = this.examples.slice(-MAX_EXAMPLES);
    this.index = null;
  }

  /** Forget that this reply was put in `label` (the category was changed again, or deleted). */
  unlearn(input: TriageInput, label: string): void {
    const text = workspaceText(input);
    const before = this.examples.length;
    this.examples = this.examples.filter((e) => !(e.text === text && e.label === label));
    if (this.examples.length !== before) this.index = null;
  }

  /** Forget every example of a label (its category was deleted). */
  forgetLabel(label: string): void {
    this.examples = this.examples.filter((e) => e.label !== label);
    this.index = null;
  }

  /**
   * The label of the most similar corrected replies, or null when none is similar enough.
   * Confidence: the best neighbour's similarity, scaled by the share of the top K neighbours'
   * similarity that agrees with it (two close neighbours that disagree give a low confidence).
   */
  classify(input: TriageInput): { label: string; confidence: number } | null {
    if (!this.examples.length) return null;
    const text = workspaceText(input);
    if (!text) return null;
    const index = this.buildIndex();
    const query = vectorOf(text);
    const scores = new Map<number, number>();
    for (const [h, v] of query) {
      const posting = index.postings.get(h);
      if (!posting) continue;
      for (const [i, w] of posting) scores.set(i, (scores.get(i) ?? 0) + v * w);
    }
    const top = [...scores]
      .filter(([, s]) => s >= MIN_SIMILARITY)
      .sort((a, b) => b[1] - a[1])
      .slice(0, K);
    if (!top.length) return null;
    const votes = new Map<string, number>();
    let total = 0;
    for (const [i, s] of top) {
      const label = index.examples[i]!.label;
      votes.set(label, (votes.get(label) ?? 0) + s);
      total += s;
    }
    const [bestLabel, bestVotes] = [...votes].sort((a, b) => b[1] - a[1])[0]!;
    const bestSimilarity = Math.max(...top.filter(([i]) => index.examples[i]!.label === bestLabel).map(([, s]) => s));
    return { label: bestLabel, confidence: Math.min(1, bestSimilarity) * (bestVotes / total) };
  }

  private buildIndex() {
    if (this.index) return this.index;
    const examples = this.examples.map((e) => ({ label: e.label, vector: vectorOf(e.text) }));
    const postings = new Map<number, [number, number][]>();
    examples.forEach((e, i) => {
      for (const [h, v] of e.vector) {
        let p = postings.get(h);
        if (!p) postings.set(h, (p = []));
        p.push([i, v]);
      }
    });
    this.index = { examples, postings };
    return this.index;
  }
}

// Bring your own model: an OpenAI-compatible chat-completions server (OpenAI, Ollama, vLLM,
// llama.cpp) classifies the replies the local categoriser is unsure of and writes drafts.
// Called only from the triage.model job (src/triage/handlers.ts), never in a request.
//
// The prompt holds the thread, the contact, the client's service description and the
// workspace's instructions; the answer must be one JSON object that passes ANSWER_SCHEMA and
// names one of the workspace's categories (or null). Anything else is MalformedAnswer, and the
// job keeps the local result.
import { Ajv } from 'ajv';
import type { LlmConfig } from '../config/index.ts';

export interface PromptInput {
  instructions: string;
  categories: { name: string; drafts: boolean }[];
  /** Set when the local categoriser was sure: the model only drafts. */
  decidedCategory: string | null;
  contact: { email: string; first_name: string | null; last_name: string | null; company: string | null; title: string | null };
  client: { name: string; service_description: string } | null;
  sender: { name: string; signature: string };
  thread: { from: string; to: string; subject: string; body: string; sent_at: string }[];
  reply: { from: string; subject: string; body: string; received_at: string };
}

export interface ModelAnswer {
  category: string | null;
  confidence: number;
  reason: string;
  draft: string | null;
}

export const ANSWER_SCHEMA = {
  type: 'object',
  required: ['category', 'confidence', 'reason', 'draft'],
  additionalProperties: false,
  properties: {
    category: { type: ['string', 'null'], maxLength: 200 },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    reason: { type: 'string', maxLength: 1000 },
    draft: { type: ['string', 'null'], maxLength: 20_000 },
  },
} as const;

const validate = new Ajv({ strict: true, allowUnionTypes: true }).compile<ModelAnswer>(ANSWER_SCHEMA);

export class MalformedAnswer extends Error {}
/** The server did not answer in time: the local result stands (no retry: it would be as slow). */
export class SlowAnswer extends Error {}
/** A failure worth retrying (network, 429, 5xx). */
export class TransientFailure extends Error {}

const SYSTEM = `You sort replies to cold outreach email and draft answers for a sales team.
Answer with one JSON object and nothing else: {"category": string or null, "confidence": number 0..1, "reason": string, "draft": string or null}.
"category" is exactly one of the category names listed, or null when none fits.
"draft" is an answer to the reply, written as the sender, only when the chosen category says "drafts: yes"; otherwise null.
Never invent facts, prices or dates that are not in the material given.`;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The chat messages for one reply: what the model sees, exactly (test/fixtures/triage-prompt.json). */
export function buildMessages(p: PromptInput): { role: 'system' | 'user'; content: string }[] {
  const lines: string[] = [];
  lines.push('Categories:');
  for (const c of p.categories) lines.push(`- ${c.name} (drafts: ${c.drafts ? 'yes' : 'no'})`);
  if (p.decidedCategory !== null) lines.push('', `The category is already decided: ${p.decidedCategory}. Return it as "category".`);
  lines.push('', 'Workspace instructions:', p.instructions.trim() || '(none)');
  lines.push('', 'Client:', p.client ? `${p.client.name}: ${p.client.service_description.trim() || '(no description)'}` : '(none)');
  const name = [p.contact.first_name, p.contact.last_name].filter(Boolean).join(' ');
  lines.push('', 'Contact:', `${name || '(no name)'} <${p.contact.email}>${p.contact.title ? `, ${p.contact.title}` : ''}${p.contact.company ? `, ${p.contact.company}` : ''}`);
  lines.push('', 'Sender (who answers):', `${p.sender.name || '(no name)'}${p.sender.signature.trim() ? `\nSignature:\n${p.sender.signature.trim()}` : ''}`);
  lines.push('', 'Thread, oldest first:');
  if (!p.thread.length) lines.push('(no earlier messages)');
  for (const m of p.thread) lines.push(`--- ${m.sent_at} from ${m.from} to ${m.to}\nSubject: ${m.subject}\n${clip(m.body, 4000)}`);
  lines.push('', 'The reply to sort:', `--- ${p.reply.received_at} from ${p.reply.from}\nSubject: ${p.reply.subject}\n${clip(p.reply.body, 8000)}`);
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: lines.join('\n') },
  ];
}

/** The answer's JSON object: the whole content, or the first {...} in it (some models wrap it in a code fence). */
export function parseAnswer(content: string, categoryNames: string[]): ModelAnswer {
  let value: unknown;
  const text = content.trim();
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  try {
    value = JSON.parse(start >= 0 && end > start ? text.slice(start, end + 1) : text);
  } catch {
    throw new MalformedAnswer('the answer is not JSON');
  }
  if (!validate(value)) throw new MalformedAnswer(`the answer does not match the schema: ${validate.errors?.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')}`);
  if (value.category !== null) {
    const match = categoryNames.find((n) => n.toLowerCase() === value.category!.trim().toLowerCase());
    if (!match) throw new MalformedAnswer(`the answer names no category of the workspace: ${JSON.stringify(value.category.slice(0, 100))}`);
    value.category = match;
  }
  return value;
}

/** One chat-completions call; throws SlowAnswer, TransientFailure or MalformedAnswer. */
export async function askModel(config: LlmConfig, input: PromptInput, fetchImpl: typeof fetch = fetch): Promise<ModelAnswer> {
  let res: Response;
  try {
    res = await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.apiKey && { authorization: `Bearer ${config.apiKey}` }) },
      body: JSON.stringify({ model: config.model, messages: buildMessages(input), temperature: 0, response_format: { type: 'json_object' } }),
      signal: AbortSignal.timeout(config.timeoutSeconds * 1000),
    });
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new SlowAnswer(`no answer within ${config.timeoutSeconds} s`);
    throw new TransientFailure(`could not reach the model server: ${(err as Error).message}`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (err) {
    if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') throw new SlowAnswer(`no answer within ${config.timeoutSeconds} s`);
    if (res.status === 429 || res.status >= 500) throw new TransientFailure(`model server answered ${res.status}`);
    throw new MalformedAnswer(`model server answered ${res.status} without JSON`);
  }
  if (res.status === 429 || res.status >= 500) throw new TransientFailure(`model server answered ${res.status}`);
  if (!res.ok) throw new MalformedAnswer(`model server answered ${res.status}`);
  const content = (body as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new MalformedAnswer('the answer has no choices[0].message.content');
  return parseAnswer(
    content,
    input.categories.map((c) => c.name),
  );
}

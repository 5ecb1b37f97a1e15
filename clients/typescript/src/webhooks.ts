// Standard Webhooks verification (https://www.standardwebhooks.com), with Web Crypto only, so
// it runs unchanged in Node 20+, Deno, Bun, browsers and edge workers.
import type { webhooks } from './generated/openapi.ts';

/** Every event a webhook endpoint can receive, told apart by `type`. */
export type WebhookEvent = {
  [E in keyof webhooks]: NonNullable<webhooks[E]['post']>['requestBody']['content']['application/json'];
}[keyof webhooks];
/** The event of one type, e.g. `WebhookEventOf<'reply.received'>`. */
export type WebhookEventOf<T extends WebhookEvent['type']> = Extract<WebhookEvent, { type: T }>;

/** Headers as Fetch (`Headers`) or Node (`req.headers`) give them. */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/** Refuse deliveries signed further than this from now (replays). */
const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

function header(headers: HeadersLike, name: string): string | null {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  for (const [k, v] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (k.toLowerCase() === name) return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
  }
  return null;
}

function base64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Checks a delivery's signature and returns its event. `payload` is the raw body, exactly as
 * received (before any JSON parsing); `secret` the endpoint's `whsec_…`. Throws
 * WebhookVerificationError when a header is missing, the timestamp is more than five minutes
 * away, or no `v1` signature matches (during a secret rotation either secret's does).
 */
export async function verifyWebhook(payload: string | Uint8Array, headers: HeadersLike, secret: string, options: { toleranceSeconds?: number; now?: Date } = {}): Promise<WebhookEvent> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) throw new WebhookVerificationError('Missing webhook-id, webhook-timestamp or webhook-signature header');
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp');
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) {
    throw new WebhookVerificationError('webhook-timestamp is too far from now');
  }
  const keyBytes = base64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!keyBytes?.length) throw new WebhookVerificationError('The secret is not a whsec_… secret');
  const key = await globalThis.crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);

  const body = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix);
  signed.set(body, prefix.length);

  for (const entry of signatures.split(' ')) {
    const [version, signature] = entry.split(',');
    const expected = version === 'v1' && signature ? base64(signature) : null;
    // subtle.verify compares in constant time
    if (expected && (await globalThis.crypto.subtle.verify('HMAC', key, expected, signed))) {
      return JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload)) as WebhookEvent;
    }
  }
  throw new WebhookVerificationError('No matching signature');
}

// The hand-written layer over the generated types: one method per operation (OPERATIONS says
// which, with its method, path and arguments), the error envelope as ReplydeskError, an
// Idempotency-Key on every POST, bounded retries on 429, and lists that page themselves.
import type { operations } from './generated/openapi.ts';
import { API_VERSION, OPERATIONS } from './generated/operations.ts';

type Ops = typeof OPERATIONS;
/** Every operationId of the API. */
export type OperationId = keyof Ops;

type JsonOf<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type Body<K extends OperationId> = JsonOf<NonNullable<operations[K]['requestBody']>>;
type Query<K extends OperationId> = NonNullable<operations[K]['parameters']['query']>;
type Responses<K extends OperationId> = operations[K]['responses'];
/** The JSON body of an operation's success answer (a union when it has several). */
export type Answer<K extends OperationId> = {
  [C in keyof Responses<K>]: C extends 200 | 201 | 202 ? JsonOf<Responses<K>[C]> : never;
}[keyof Responses<K>];
/** What a method resolves to: the answer's `data`, or nothing for a 204. */
export type Result<K extends OperationId> = [Answer<K>] extends [never] ? void : Answer<K> extends { data: infer D } ? D : Answer<K>;
type Item<K extends OperationId> = Answer<K> extends { data: (infer I)[] } ? I : never;

/** Per-call options; every method takes them last. */
export interface RequestOptions {
  /** The Idempotency-Key of a POST; by default each call gets a new random one, kept across its retries. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type Strings<T extends readonly unknown[]> = { -readonly [I in keyof T]: string };
type PathArgs<K extends OperationId> = Strings<Ops[K]['pathParams']>;
type Rest<K extends OperationId> = Ops[K]['body'] extends 'required'
  ? [body: Body<K>, options?: RequestOptions]
  : Ops[K]['body'] extends 'optional'
    ? [body?: Body<K>, options?: RequestOptions]
    : Ops[K]['query'] extends true
      ? [query?: Query<K>, options?: RequestOptions]
      : [options?: RequestOptions];
/** The method of one operation: its path ids in order, then its body or query, then options. */
export type Method<K extends OperationId> = (...args: [...PathArgs<K>, ...Rest<K>]) => Ops[K]['paged'] extends true ? Paged<Item<K>, Answer<K>> : Promise<Result<K>>;

type GroupName = Ops[OperationId]['group'];
type Group<G extends GroupName> = { [K in OperationId as Ops[K]['group'] extends G ? Ops[K]['name'] : never]: Method<K> };
/** client.replies, client.contacts, … each with its operations. */
export type Groups = { [G in GroupName]: Group<G> };

export interface ClientOptions {
  /** The server, e.g. https://replies.example.com (its OpenAPI document's `servers` entry). */
  baseUrl: string;
  /** An API key (rdk_…), from the dashboard's Settings → API keys. */
  apiKey: string;
  /** Retries of a request answered 429 with a Retry-After (default 2). */
  maxRetries?: number;
  /** The longest Retry-After the client waits for; a longer one is thrown at once (default 60 000 ms). */
  maxRetryDelayMs?: number;
  /** The Replydesk-Version sent (default: the version these types describe). */
  apiVersion?: string;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof fetch;
}

interface ErrorEnvelope {
  data: null;
  error: string;
}

/** Any answer that is not a success: `status` and the server's `message` (`Reply not found`, …). */
export class ReplydeskError extends Error {
  override readonly name = 'ReplydeskError';
  constructor(
    readonly status: number,
    message: string,
    readonly details: {
      operationId: OperationId;
      /** The X-Request-Id of the answer: quote it when reporting a problem. */
      requestId: string | null;
      /** Seconds the server asked to wait (429), if it said. */
      retryAfter: number | null;
      body: ErrorEnvelope | unknown;
    },
  ) {
    super(message);
  }
}

/** A list call: await it for one page, or iterate it for every item across pages. */
export class Paged<I, P> implements PromiseLike<P>, AsyncIterable<I> {
  #first: Promise<P> | null = null;
  constructor(
    private readonly fetchPage: (query: Record<string, unknown>) => Promise<P>,
    private readonly query: Record<string, unknown>,
  ) {}

  then<A = P, B = never>(onfulfilled?: ((page: P) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    this.#first ??= this.fetchPage(this.query);
    return this.#first.then(onfulfilled, onrejected);
  }

  catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<P | B> {
    return this.then(undefined, onrejected);
  }

  finally(onfinally?: (() => void) | null): Promise<P> {
    return this.then((page) => page).finally(onfinally);
  }

  /** Every page in turn: by `pagination.next_cursor` where the list gives one, else by offset. */
  async *pages(): AsyncGenerator<P> {
    let query = this.query;
    let page = await (this.#first ?? this.fetchPage(query));
    for (;;) {
      yield page;
      const { data, pagination } = page as { data: unknown[]; pagination: { offset: number; hasMore: boolean; next_cursor?: string | null } };
      if (!data.length || !pagination.hasMore) return;
      query = typeof pagination.next_cursor === 'string' ? { ...query, offset: undefined, cursor: pagination.next_cursor } : { ...query, offset: pagination.offset + data.length };
      page = await this.fetchPage(query);
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<I> {
    for await (const page of this.pages()) yield* (page as { data: I[] }).data;
  }
}

/**
 * A query parameter's value as sent: the API's query parameters are strings, numbers and
 * booleans; a list is sent comma-separated, as \`status\` takes it. Anything else would have gone
 * out as "[object Object]": refused here, naming the parameter.
 */
function queryText(name: string, value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map((v) => queryText(name, v)).join(',');
  throw new TypeError(`Replydesk: query parameter ${name} must be a string, a number or a boolean`);
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or null. */
function retryAfterSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export interface Replydesk extends Groups {}

/**
 * The Replydesk API client.
 *
 *   const client = new Replydesk({ baseUrl: 'http://127.0.0.1:3000', apiKey: process.env.REPLYDESK_API_KEY! });
 *   for await (const reply of client.replies.list({ status: 'pending' })) console.log(reply.subject);
 */
export class Replydesk {
  readonly #options: Required<Omit<ClientOptions, 'fetch'>> & { fetch: typeof fetch };

  constructor(options: ClientOptions) {
    if (!options?.baseUrl || !options.apiKey) throw new TypeError('Replydesk: baseUrl and apiKey are required');
    this.#options = {
      maxRetries: 2,
      maxRetryDelayMs: 60_000,
      apiVersion: API_VERSION,
      ...options,
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    };
    const groups: Record<string, Record<string, unknown>> = {};
    for (const id of Object.keys(OPERATIONS) as OperationId[]) {
      const op = OPERATIONS[id];
      (groups[op.group] ??= {})[op.name] = (...args: unknown[]) => this.#invoke(id, args);
    }
    Object.assign(this, groups);
  }

  #invoke(id: OperationId, args: unknown[]) {
    const op = OPERATIONS[id];
    const ids = args.slice(0, op.pathParams.length);
    if (ids.length < op.pathParams.length || ids.some((v) => typeof v !== 'string' || v === '')) {
      throw new TypeError(`${op.group}.${op.name}: expected ${op.pathParams.join(', ')} (strings) first`);
    }
    const path = op.pathParams.reduce<string>((p, name, i) => p.replace(`{${name}}`, encodeURIComponent(ids[i] as string)), op.path);
    const [input, options] = op.body === 'none' && !op.query ? [undefined, args[ids.length]] : [args[ids.length], args[ids.length + 1]];
    const send = (query: Record<string, unknown> | undefined) =>
      this.request(id, op.method, path, { query, body: op.body === 'none' ? undefined : (input ?? {}), options: options as RequestOptions | undefined });
    if (op.paged) return new Paged((query) => send(query), (input ?? {}) as Record<string, unknown>);
    return send(op.body === 'none' ? (input as Record<string, unknown> | undefined) : undefined).then((answer) => (answer as { data?: unknown } | undefined)?.data);
  }

  /** One HTTP request, retried on 429 within the limits; the parsed answer or a ReplydeskError. */
  async request(operationId: OperationId, method: string, path: string, req: { query?: Record<string, unknown>; body?: unknown; options?: RequestOptions } = {}): Promise<unknown> {
    const { baseUrl, apiKey, apiVersion, maxRetries, maxRetryDelayMs, fetch } = this.#options;
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined && v !== null) search.set(k, queryText(k, v));
    const url = `${baseUrl}${path}${search.size ? `?${search}` : ''}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${apiKey}`,
      'replydesk-version': apiVersion,
      ...req.options?.headers,
    };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    if (method === 'POST') headers['idempotency-key'] = req.options?.idempotencyKey ?? globalThis.crypto.randomUUID();
    const init: RequestInit = { method, headers, signal: req.options?.signal, body: req.body === undefined ? undefined : JSON.stringify(req.body) };

    for (let attempt = 0; ; attempt++) {
      const res = await fetch(url, init);
      const retryAfter = retryAfterSeconds(res.headers.get('retry-after'));
      if (res.status === 429 && attempt < maxRetries && retryAfter !== null && retryAfter * 1000 <= maxRetryDelayMs) {
        await res.body?.cancel();
        await sleep(retryAfter * 1000, req.options?.signal ?? undefined);
        continue;
      }
      const text = await res.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = text;
      }
      if (res.ok) return body;
      const message = typeof (body as ErrorEnvelope | undefined)?.error === 'string' ? (body as ErrorEnvelope).error : `${res.status} ${res.statusText}`;
      throw new ReplydeskError(res.status, message, { operationId, requestId: res.headers.get('x-request-id'), retryAfter, body });
    }
  }
}

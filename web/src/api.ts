// The one door to the server: JSON in and out, the session cookie, the CSRF header on every
// change, the {data} envelope unwrapped and its error turned into an ApiError.
import type { Pagination } from './types.ts';

export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

let csrfToken: string | null = null;
/** Set from the session on every answer that carries one (sign-in, setup, session read…). */
export function setCsrfToken(token: string | null) {
  csrfToken = token;
}

type Unauthorized = () => void;
let onUnauthorized: Unauthorized | null = null;
/** Called when a signed-in request comes back 401 (the session ended or expired). */
export function setUnauthorizedHandler(fn: Unauthorized | null) {
  onUnauthorized = fn;
}

// A 401 from these means "wrong password" or "bad link", not "your session ended".
const ANONYMOUS = ['/dashboard/api/sign-in', '/dashboard/api/setup', '/dashboard/api/password-reset', '/dashboard/api/invites/accept', '/dashboard/api/status', '/dashboard/api/session'];

export type Query = Record<string, string | number | boolean | null | undefined>;

/** A list answer as `api.list` gives it: the items and their pagination. */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

interface Envelope<T> {
  data: T;
  error?: string;
  pagination?: Pagination;
}

async function call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal, extra?: Record<string, string>): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && method !== 'HEAD' && csrfToken) headers['X-CSRF-Token'] = csrfToken;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }
  noteServerClock(res);
  if (res.status === 204) return { data: null as T };
  let parsed: Envelope<T> | null = null;
  const text = await res.text();
  if (text) {
    try {
      parsed = JSON.parse(text) as Envelope<T>;
    } catch {
      parsed = null;
    }
  }
  if (!res.ok || !parsed || parsed.error) {
    const message = parsed?.error ?? `The server answered ${res.status} ${res.statusText}`.trim();
    if (res.status === 401 && !ANONYMOUS.some((p) => path.startsWith(p))) onUnauthorized?.();
    throw new ApiError(res.status, message);
  }
  return parsed;
}

// How far the server's clock is ahead of this computer's, from the Date header of its answers
// (whole seconds: half a second is added back). A time the server checks, such as a send_at ten
// seconds ahead, is reckoned on the server's clock.
let clockOffsetMs = 0;
function noteServerClock(res: Response) {
  const date = Date.parse(res.headers.get('date') ?? '');
  if (!Number.isNaN(date)) clockOffsetMs = date + 500 - Date.now();
}
/** Now, on the server's clock (as of its last answer). */
export const serverNow = () => Date.now() + clockOffsetMs;

/**
 * A POST that outlives the page (fetch keepalive): for what must be said while the tab closes
 * or navigates away. Its answer is not read.
 */
export function postAsPageLeaves(path: string, body: unknown) {
  void fetch(path, {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', ...(csrfToken && { 'X-CSRF-Token': csrfToken }) },
    body: JSON.stringify(body),
  }).catch(() => {});
}

export const api = {
  get: async <T>(path: string, query?: Query, signal?: AbortSignal) => (await call<T>('GET', withQuery(path, query), undefined, signal)).data,
  post: async <T>(path: string, body?: unknown) => (await call<T>('POST', path, body)).data,
  /** `headers`: a precondition such as If-Match (docs/api.md "PATCH rules"). */
  patch: async <T>(path: string, body: unknown, headers?: Record<string, string>) => (await call<T>('PATCH', path, body, undefined, headers)).data,
  put: async <T>(path: string, body: unknown) => (await call<T>('PUT', path, body)).data,
  delete: async <T>(path: string) => (await call<T>('DELETE', path)).data,
  /** A list answer: the items and its pagination. */
  list: async <T>(path: string, query?: Query, signal?: AbortSignal): Promise<Page<T>> => {
    const env = await call<T[]>('GET', withQuery(path, query), undefined, signal);
    return { items: env.data, pagination: env.pagination ?? { total: env.data.length, limit: env.data.length, offset: 0, hasMore: false, next_cursor: null } };
  },
};

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error) return err.message;
  return 'Something went wrong';
}

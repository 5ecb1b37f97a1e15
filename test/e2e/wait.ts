// Waiting assertions for playwright-core (which, unlike @playwright/test, ships no `expect`):
// each polls until its condition holds or its time runs out, then fails with what it saw.
import type { Locator, Page } from 'playwright-core';

const TIMEOUT = 10_000;

export async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = TIMEOUT): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let error: unknown;
  while (Date.now() < deadline) {
    try {
      last = await read();
      if (ok(last)) return last;
    } catch (err) {
      error = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${JSON.stringify(last) ?? String(error)}`);
}

export const visible = (l: Locator, timeout = TIMEOUT) => l.first().waitFor({ state: 'visible', timeout });
export const url = (page: Page, pattern: RegExp) =>
  until(
    async () => page.url(),
    (u) => pattern.test(u),
    `the URL to match ${pattern}`,
  );
export const count = (l: Locator, n: number, timeoutMs?: number) =>
  until(
    () => l.count(),
    (c) => c === n,
    `${n} elements of ${l}`,
    timeoutMs,
  );
export const text = (l: Locator, pattern: RegExp | string) =>
  until(
    () => l.first().innerText(),
    (t) => (typeof pattern === 'string' ? t.includes(pattern) : pattern.test(t)),
    `${l} to show ${pattern}`,
  );
export const value = (l: Locator, expected: string) =>
  until(
    () => l.inputValue(),
    (v) => v === expected,
    `${l} to hold "${expected}"`,
  );

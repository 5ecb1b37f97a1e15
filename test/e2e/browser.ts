// What the browser tests share: Debian's chromium (or CHROMIUM_PATH) driven by playwright-core,
// the dashboard's build, axe-core in the page, signing in, and where the README's screenshots go.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { type Browser, chromium, type Page } from 'playwright-core';
import { url as urlIs, visible } from './wait.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Whether there is a browser to run: the tests are skipped without one (unless TEST_REQUIRE_SERVICES). */
export const available = fs.existsSync(CHROMIUM);
if (!available && process.env.TEST_REQUIRE_SERVICES) throw new Error(`TEST_REQUIRE_SERVICES is set but there is no browser at ${CHROMIUM} (apt-get install chromium)`);
export const ROOT = path.resolve(import.meta.dirname, '..', '..');
/**
 * Where the screenshots the tests take go: docs/screenshots (the README's) only when asked
 * (`npm run screenshots`, REFRESH_SCREENSHOTS=1), else a folder of the system's temporary
 * directory, so `npm test` leaves a clone as it found it.
 */
export const SHOTS = process.env.REFRESH_SCREENSHOTS ? path.join(ROOT, 'docs', 'screenshots') : path.join(os.tmpdir(), 'replydesk-screenshots');
fs.mkdirSync(SHOTS, { recursive: true });
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The build `npm start` makes; here so the tests run from a fresh clone too. */
export function buildDashboard() {
  const build = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'build-web.mjs')], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`dashboard build failed:\n${build.stdout}\n${build.stderr}`);
  fs.mkdirSync(SHOTS, { recursive: true });
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** axe-core in the page (CDP evaluation is not subject to the page's CSP): serious and critical violations. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const result = await page.evaluate(
    `${axeSource}; axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.help + ' (' + v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ') + ')'))`,
  );
  return result as string[];
}

/** Sign in on /signin with the labels of docs/dashboard.md "Pages"; resolves once the inbox's navigation shows. */
export async function signIn(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(`${base}/signin`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await visible(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inbox' }));
  await urlIs(page, /\/inbox/);
}

// The OpenAPI document's tooling, without a running server: the app is built in-process
// (buildApp on an in-memory SQLite database) and asked for GET /api/openapi.json.
//
//   tsx bin/openapi.ts print            the document, as served to http://127.0.0.1:3000
//   tsx bin/openapi.ts lint             Redocly's linter on it (redocly.yaml); fails on any problem
//   tsx bin/openapi.ts client           regenerates clients/typescript/src/generated/
//   tsx bin/openapi.ts client --check   fails when those files are stale
//   tsx bin/openapi.ts web              regenerates web/generated/, the dashboard's types
//   tsx bin/openapi.ts web --check      fails when those files are stale
//
// npm scripts: `lint:api`, `generate:client`, `generate:web`. The tests run the same functions.
//
// The dashboard's types come from the dashboard's document: the public one plus the routes of
// src/dashboard/routes.ts, which the public document hides (they take the session cookie, never
// an API key). Those routes are read by a Fastify instance of their own, with @fastify/swagger
// showing them, and their paths and named schemas are added to the public document. The
// alternatives were worse: a second, unhidden variant of the whole app needs a switch in
// src/app.ts that only this script would use, and writing the dashboard's types by hand (as
// web/src/types.ts did) let them drift from what the server answers (docs/dashboard.md "Types").
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import Fastify from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app.ts';
import { dashboardRoutes } from '../src/dashboard/routes.ts';
import { connect } from '../src/db/connect.ts';
import { clientNameFor, swaggerOptions } from '../src/openapi/document.ts';
import { EVENT_TYPES } from '../src/events.ts';
import { PERMISSIONS } from '../src/workspaces/keys.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const GENERATED_DIR = path.join(ROOT, 'clients', 'typescript', 'src', 'generated');
export const WEB_GENERATED_DIR = path.join(ROOT, 'web', 'generated');

type Doc = {
  info: { version: string };
  paths: Record<string, Record<string, DocOperation>>;
  components: { schemas: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
};
type DocOperation = {
  operationId: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
};

/** The document as GET /api/openapi.json serves it to a request for `host`. */
export async function buildDocument(host = '127.0.0.1:3000'): Promise<Doc> {
  const db = connect({ dialect: 'sqlite', filename: ':memory:' });
  const app = await buildApp({ db });
  try {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host } });
    if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json: ${res.statusCode} ${res.body}`);
    return res.json<Doc>();
  } finally {
    await app.close();
    await db.close();
  }
}

/**
 * The dashboard's routes (src/dashboard/routes.ts) as a document: only their paths and the
 * schemas they name. Nothing is served or validated; the routes are only registered.
 */
async function dashboardRoutesDocument(): Promise<Doc> {
  const app = Fastify();
  app.setValidatorCompiler(() => () => true);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(swagger, {
    openapi: { openapi: '3.1.0', info: { title: 'Replydesk dashboard', version: '1' } },
    // schemas with an $id become components under that name, as in the public document
    refResolver: (swaggerOptions() as FastifyDynamicSwaggerOptions).refResolver,
    // routes.ts hides them from the public document; here they are what is asked for
    transform: ({ schema, url }) => ({ url, schema: schema && { ...schema, hide: false } }),
  });
  const unused = null as never;
  await app.register(dashboardRoutes, { db: unused, baseUrl: 'http://127.0.0.1:3000', authenticator: unused, limiter: unused });
  await app.ready();
  try {
    return structuredClone(app.swagger()) as unknown as Doc;
  } finally {
    await app.close();
  }
}

/** The dashboard's document: the public one, with the dashboard-only routes and their schemas. */
export async function buildDashboardDocument(publicDocument?: Doc): Promise<Doc> {
  const doc = publicDocument ?? (await buildDocument());
  const own = await dashboardRoutesDocument();
  const clash = [...Object.keys(own.paths).filter((p) => p in doc.paths), ...Object.keys(own.components.schemas).filter((n) => n in doc.components.schemas)];
  if (clash.length) throw new Error(`The dashboard's routes and the public document both define ${clash.join(', ')}`);
  return {
    ...doc,
    paths: { ...doc.paths, ...own.paths },
    components: { ...doc.components, schemas: { ...doc.components.schemas, ...own.components.schemas } },
  };
}

export interface LintResult {
  errors: number;
  warnings: number;
  /** Each problem: rule, message, where. */
  problems: string[];
}

function redocly(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const cli = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
    let stdout = '';
    let stderr = '';
    // decoded by the streams: a chunk may end inside a UTF-8 character, which d.toString() would spoil
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** Runs `redocly lint` with redocly.yaml (recommended rules) on the document. */
export async function lintDocument(doc: unknown, format: 'json' | 'stylish' = 'json'): Promise<LintResult & { output: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replydesk-openapi-'));
  const file = path.join(dir, 'openapi.json');
  try {
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    const json = await redocly(['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json']);
    let parsed: { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string; location: { pointer?: string }[] }[] };
    try {
      parsed = JSON.parse(json.stdout) as typeof parsed;
    } catch {
      throw new Error(`redocly lint gave no report (exit ${json.code}): ${json.stderr || json.stdout}`);
    }
    // the human-readable report goes to stderr
    const stylish = format === 'stylish' ? await redocly(['lint', file, '--config', path.join(ROOT, 'redocly.yaml')]) : null;
    const output = stylish ? stylish.stdout + stylish.stderr : json.stdout;
    return {
      errors: parsed.totals.errors,
      warnings: parsed.totals.warnings,
      problems: parsed.problems.map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`),
      output,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const header = (script: string, source = 'the OpenAPI document', holder = 'the document gives') =>
  `// Generated by \`npm run ${script}\` from ${source} (bin/openapi.ts). Do not edit:\n// a test fails when this file differs from what ${holder}.\n`;
const HEADER = header('generate:client');

/** The document's types, as openapi-typescript writes them; the same for the client and the dashboard. */
async function documentTypes(document: Doc, head: string): Promise<string> {
  // the servers entry depends on who asked; the client takes its base URL from its caller
  const { servers: _servers, ...portable } = document;
  return head + '/* eslint-disable */\n' + astToString(await openapiTS(portable as never, { alphabetize: false }));
}

/** The client's generated files: the document's types (openapi-typescript) and its operation table. */
export async function generateClient(doc?: Doc): Promise<Record<string, string>> {
  const document = doc ?? (await buildDocument());
  const types = await documentTypes(document, HEADER);

  const rows: string[] = [];
  for (const [url, ops] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const { group, name } = clientNameFor(op.operationId, url);
      const pathParams = [...url.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      const body = !bodySchema ? 'none' : bodySchema.required?.length ? 'required' : 'optional';
      const query = (op.parameters ?? []).some((p) => p.in === 'query');
      const ok = Object.entries(op.responses).find(([code]) => code.startsWith('2'))?.[1];
      const paged = Boolean(ok?.content?.['application/json']?.schema.properties?.pagination);
      rows.push(
        `  ${op.operationId}: { method: '${method.toUpperCase()}', path: '${url}', group: '${group}', name: '${name}', pathParams: [${pathParams.map((p) => `'${p}'`).join(', ')}], body: '${body}', query: ${query}, paged: ${paged} },`,
      );
    }
  }
  const operations =
    HEADER +
    '\n/** The API version the types describe; the client sends it as Replydesk-Version. */\n' +
    `export const API_VERSION = '${document.info.version}';\n\n` +
    '/** Every operation: its HTTP method and path, and where the client puts it (client[group][name]). */\n' +
    `export const OPERATIONS = {\n${rows.join('\n')}\n} as const;\n`;
  return { 'openapi.ts': types, 'operations.ts': operations };
}

/**
 * The dashboard's generated files: the types of the dashboard's document (openapi-typescript,
 * as for the client), and the lists the dashboard offers as choices, from the server's own.
 */
export async function generateWeb(doc?: Doc): Promise<Record<string, string>> {
  const document = doc ?? (await buildDashboardDocument());
  const list = (values: readonly string[]) => `[${values.map((v) => `'${v}'`).join(', ')}] as const`;
  const values =
    header('generate:web', "the server's own lists", 'the server holds') +
    '\n/** The events a webhook endpoint can subscribe to, one by one (src/webhooks/events.ts). */\n' +
    `export const WEBHOOK_EVENTS = ${list(EVENT_TYPES)};\n\n` +
    '/** The permissions an API key can hold (src/workspaces/keys.ts). */\n' +
    `export const KEY_PERMISSIONS = ${list(PERMISSIONS)};\n`;
  return { 'openapi.ts': await documentTypes(document, header('generate:web', "the dashboard's OpenAPI document")), 'values.ts': values };
}

function staleIn(dir: string, wanted: Record<string, string>): string[] {
  return Object.entries(wanted)
    .filter(([name, text]) => {
      const file = path.join(dir, name);
      return !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text;
    })
    .map(([name]) => path.relative(ROOT, path.join(dir, name)));
}

/** The generated files that differ from what is committed (empty: up to date). */
export async function staleClientFiles(files?: Record<string, string>): Promise<string[]> {
  return staleIn(GENERATED_DIR, files ?? (await generateClient()));
}

/** The dashboard's generated files that differ from what is committed (empty: up to date). */
export async function staleWebFiles(files?: Record<string, string>): Promise<string[]> {
  return staleIn(WEB_GENERATED_DIR, files ?? (await generateWeb()));
}

async function main(command: string | undefined, flags: string[]) {
  if (command === 'print') {
    process.stdout.write(`${JSON.stringify(await buildDocument(), null, 2)}\n`);
  } else if (command === 'lint') {
    const result = await lintDocument(await buildDocument(), 'stylish');
    process.stdout.write(result.output);
    process.stdout.write(`\nredocly lint (redocly.yaml, recommended): ${result.errors} errors, ${result.warnings} warnings\n`);
    process.exitCode = result.errors + result.warnings === 0 ? 0 : 1;
  } else if (command === 'client' || command === 'web') {
    const [files, dir, script] = command === 'client' ? [await generateClient(), GENERATED_DIR, 'generate:client'] : [await generateWeb(), WEB_GENERATED_DIR, 'generate:web'];
    if (flags.includes('--check')) {
      const stale = staleIn(dir, files);
      if (stale.length) {
        process.stderr.write(`Stale: ${stale.join(', ')}. Run \`npm run ${script}\` and commit the result.\n`);
        process.exitCode = 1;
      }
      return;
    }
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    process.stdout.write(
      `wrote ${Object.keys(files)
        .map((n) => path.relative(ROOT, path.join(dir, n)))
        .join(', ')}\n`,
    );
  } else {
    process.stderr.write('usage: tsx bin/openapi.ts print | lint | client [--check] | web [--check]\n');
    process.exitCode = 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv[2], process.argv.slice(3));
}

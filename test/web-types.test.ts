// The dashboard's types are generated from the dashboard's document (the public one plus the
// dashboard-only routes, bin/openapi.ts), like the client's: they match it, and every
// dashboard-only route declares what it answers, so its type exists.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDashboardDocument, buildDocument, generateWeb, ROOT, staleWebFiles, WEB_GENERATED_DIR } from '../bin/openapi.ts';

describe("the dashboard's generated types", () => {
  it('are up to date with the dashboard document (else: npm run generate:web)', async () => {
    expect(await staleWebFiles()).toEqual([]);
  }, 60_000);

  it('notices a stale generated file', async () => {
    const files = await generateWeb();
    const changed = { ...files, 'values.ts': files['values.ts']!.replace("'contact.created', ", '') };
    expect(await staleWebFiles(changed)).toEqual([path.relative(ROOT, path.join(WEB_GENERATED_DIR, 'values.ts'))]);
  }, 60_000);

  it('come from a document holding every dashboard-only JSON route with the JSON it answers, which the public document leaves out', async () => {
    const publicDocument = await buildDocument();
    expect(Object.keys(publicDocument.paths).filter((p) => p.startsWith('/dashboard/'))).toEqual([]);
    const doc = await buildDashboardDocument(publicDocument);
    const own = Object.entries(doc.paths).filter(([p]) => p.startsWith('/dashboard/api/'));
    expect(own.map(([p]) => p)).toEqual(expect.arrayContaining(['/dashboard/api/session', '/dashboard/api/keys', '/dashboard/api/members', '/dashboard/api/outbox', '/dashboard/api/workspace']));
    const undeclared = own.flatMap(([url, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => !Object.entries(op.responses).some(([code, r]) => code.startsWith('2') && r.content?.['application/json']?.schema))
        .map(([method]) => `${method.toUpperCase()} ${url}`),
    );
    expect(undeclared).toEqual([]);
    // the public document's schemas are there too, under the same names
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['ReplyDetail', 'Session', 'Member']));
  }, 60_000);
});

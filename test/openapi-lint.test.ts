// The served OpenAPI document passes Redocly's linter (redocly.yaml: the recommended rules,
// examples checked against their schemas) with no error and no warning: `npm run lint:api`.
import { describe, expect, it } from 'vitest';
import { buildDocument, lintDocument } from '../bin/openapi.ts';

describe('redocly lint', () => {
  it('finds no error and no warning in the document', async () => {
    const result = await lintDocument(await buildDocument());
    expect(result.problems).toEqual([]);
    expect({ errors: result.errors, warnings: result.warnings }).toEqual({ errors: 0, warnings: 0 });
  }, 120_000);

  it('does report a broken document, so the check above can fail', async () => {
    const doc = await buildDocument();
    const op = (
      doc.paths['/api/replies/{id}'] as unknown as Record<
        string,
        { operationId?: string; responses: Record<string, { content: Record<string, { examples: Record<string, { value: { data: Record<string, unknown> } }> }> }> }
      >
    ).get!;
    delete op.operationId;
    Object.values(op.responses['200']!.content['application/json']!.examples)[0]!.value.data.status = 'lost';
    const { servers: _servers, ...withoutServers } = doc;
    const result = await lintDocument(withoutServers);
    expect(result.errors).toBeGreaterThanOrEqual(1);
    expect(result.problems.map((p) => p.split(':')[0])).toEqual(expect.arrayContaining(['no-empty-servers', 'operation-operationId', 'no-invalid-media-type-examples']));
  }, 120_000);
});

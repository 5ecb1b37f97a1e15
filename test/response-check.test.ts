import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Db } from '../src/db/connect.ts';
import { openDb } from './helpers.ts';

// http/response-check.ts: what the suite relies on to see an answer drift from its schema.
describe('the response check (buildApp checkResponses, on in every test app)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDb('sqlite');
  });
  afterAll(async () => db?.close());

  async function appAnswering(body: unknown, checkResponses: boolean) {
    const app = await buildApp({ db, checkResponses });
    const schema = { response: { 200: Type.Object({ data: Type.Object({ name: Type.String(), tags: Type.Array(Type.Object({ id: Type.String() })) }) }) } };
    app.get('/probe', { config: { public: true }, schema }, async () => body as never);
    app.get('/text', { config: { public: true }, schema }, async (_, reply) => reply.type('application/json').send(JSON.stringify(body) as never));
    await app.ready();
    return app;
  }

  it('passes an answer its schema describes, built by the serializer or sent as JSON text', async () => {
    const app = await appAnswering({ data: { name: 'a', tags: [{ id: 'x' }] } }, true);
    for (const url of ['/probe', '/text']) expect((await app.inject({ url })).statusCode).toBe(200);
    await app.close();
  });

  it('turns a wrong type, a missing field or a field the schema does not name into a 500 naming the route', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const [body, problem] of [
      [{ data: { name: 5, tags: [] } }, '/data/name must be string'],
      [{ data: { tags: [] } }, "must have required property 'name'"],
      [{ data: { name: 'a', tags: [{ id: 'x', secret: 'y' }] } }, '/data/tags/0 must NOT have additional properties (secret)'],
    ] as const) {
      const app = await appAnswering(body, true);
      for (const url of ['/probe', '/text']) {
        const res = await app.inject({ url });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({ data: null, error: expect.any(String) });
        expect(printed).toHaveBeenLastCalledWith(expect.stringContaining(`GET ${url} answered 200 with a body its schema does not describe: `));
        expect(printed).toHaveBeenLastCalledWith(expect.stringContaining(problem));
      }
      await app.close();
      // production (the default) sends it as it is
      const unchecked = await appAnswering(body, false);
      expect((await unchecked.inject({ url: '/probe' })).json()).toEqual(body);
      await unchecked.close();
    }
    printed.mockRestore();
  });
});

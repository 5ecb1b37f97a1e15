// Categories and clients change and go (PATCH and DELETE /api/categories/{id}, /api/clients/{id}):
// the replies that carry them follow, and their filtered totals stay equal to the rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

for (const dialect of DIALECTS) {
  describe(`categories and clients: update and delete (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = ws.headers) => ctx.app.inject({ method, url, headers, ...(payload && { payload }) });
    const ingestIn = async (categoryId: string) => {
      const id = (await send('POST', '/api/replies', inbound())).json().data.id as string;
      expect((await send('PATCH', `/api/replies/${id}`, { category_id: categoryId })).statusCode).toBe(200);
      return id;
    };
    const total = async (query: string) => (await send('GET', `/api/replies?${query}&limit=100`)).json().pagination.total as number;

    beforeAll(async () => {
      ctx = await makeApp(dialect);
      ws = await makeWorkspace(ctx.db);
    });
    afterAll(() => ctx.close());

    it('a renamed category shows its new name and colour on its replies; a taken name is 409; bad input is 400 and changes nothing', async () => {
      const hot = (await send('POST', '/api/categories', { name: 'Hot' })).json().data;
      await send('POST', '/api/categories', { name: 'Cold' });
      const reply = { id: await ingestIn(hot.id) };

      const renamed = await send('PATCH', `/api/categories/${hot.id}`, { name: '  Very hot ', color: '#FF0000', is_positive: true });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json().data).toEqual({ id: hot.id, name: 'Very hot', color: '#ff0000', is_positive: true, drafts: false, template: null, created_at: hot.created_at });
      expect((await send('GET', `/api/replies/${reply.id}`)).json().data.category).toMatchObject({ id: hot.id, name: 'Very hot', color: '#ff0000' });
      const listed = (await send('GET', `/api/replies?category_id=${hot.id}`)).json().data;
      expect(listed.map((r: { category: { name: string } }) => r.category.name)).toEqual(['Very hot']);

      const taken = await send('PATCH', `/api/categories/${hot.id}`, { name: 'Cold' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ data: null, error: 'A category named "Cold" already exists' });
      for (const [payload, status] of [
        [{}, 400],
        [{ name: '   ' }, 400],
        [{ color: 'red' }, 400],
        [{ nope: 1 }, 400],
        [{ is_positive: 'yes' }, 400],
      ] as const) {
        const res = await send('PATCH', `/api/categories/${hot.id}`, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json().data, JSON.stringify(payload)).toBeNull();
      }
      expect((await send('GET', '/api/categories')).json().data.find((c: { id: string }) => c.id === hot.id).name).toBe('Very hot');
      const missing = await send('PATCH', '/api/categories/no-such-id', { name: 'X' });
      expect(missing.json()).toEqual({ data: null, error: 'Category not found' });
    });

    it('a deleted category leaves its replies uncategorised, counted under category_id=none', async () => {
      const gone = (await send('POST', '/api/categories', { name: 'Short-lived' })).json().data;
      const ids = [];
      for (let i = 0; i < 3; i++) ids.push(await ingestIn(gone.id));
      const noneBefore = await total('category_id=none');

      const res = await send('DELETE', `/api/categories/${gone.id}`);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      for (const id of ids) expect((await send('GET', `/api/replies/${id}`)).json().data).toMatchObject({ category_id: null, category: null });
      expect(await total('category_id=none')).toBe(noneBefore + 3);
      const page = (await send('GET', '/api/replies?category_id=none&limit=100')).json();
      expect(page.pagination.total).toBe(page.data.length);
      expect((await send('GET', '/api/categories')).json().data.map((c: { id: string }) => c.id)).not.toContain(gone.id);
      expect((await send('DELETE', `/api/categories/${gone.id}`)).json()).toEqual({ data: null, error: 'Category not found' });
      // the id is no longer the workspace's: using it is the usual 400
      expect((await send('PATCH', `/api/replies/${ids[0]}`, { category_id: gone.id })).json()).toEqual({ data: null, error: 'Invalid category_id' });
    });

    it("a client's description changes; a deleted client leaves its replies without one", async () => {
      const client = (await send('POST', '/api/clients', { name: 'Acme', service_description: 'Old' })).json().data;
      const changed = await send('PATCH', `/api/clients/${client.id}`, { service_description: 'Outbound for SaaS' });
      expect(changed.json().data).toEqual({ ...client, service_description: 'Outbound for SaaS' });
      const ids = [];
      for (let i = 0; i < 2; i++) ids.push((await send('POST', '/api/replies', inbound({ client_id: client.id }))).json().data.id);
      expect(await total(`client_id=${client.id}`)).toBe(2);

      expect((await send('DELETE', `/api/clients/${client.id}`)).statusCode).toBe(204);
      for (const id of ids) expect((await send('GET', `/api/replies/${id}`)).json().data.client_id).toBeNull();
      expect((await send('GET', '/api/clients')).json().data.map((c: { id: string }) => c.id)).not.toContain(client.id);
      expect((await send('PATCH', `/api/clients/${client.id}`, { name: 'Back' })).json()).toEqual({ data: null, error: 'Client not found' });
      expect((await send('PATCH', `/api/clients/${client.id}`, {})).statusCode).toBe(400);
    });

    it('a key without replies:write may not change or delete them', async () => {
      const cat = (await send('POST', '/api/categories', { name: 'Guarded' })).json().data;
      const reader = await makeWorkspace(ctx.db, { permissions: ['replies:read'] });
      const res = await send('DELETE', `/api/categories/${cat.id}`, undefined, reader.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ data: null, error: 'This API key lacks the replies:write permission' });
    });
  });
}

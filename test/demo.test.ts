// The demo data (src/demo/seed.ts; `replydesk seed`, the setup's "Load demo data"), on each
// database: replies with threads of several messages and with files that download, stored
// through the same services as the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../src/demo/seed.ts';
import { DIALECTS, makeApp, makeWorkspace } from './helpers.ts';

for (const dialect of DIALECTS) {
  describe(`demo data (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());

    it('has threads of one to three earlier messages and replies with files that download', async () => {
      const ws = await makeWorkspace(ctx.db);
      expect(await seed(ctx.db, ws.workspace.id, { replies: 30 })).toMatchObject({ replies: 30 });
      const get = async (url: string) => (await ctx.app.inject({ method: 'GET', url, headers: ws.headers })).json().data;
      const ids = [
        ...(await get('/api/replies?status=pending&limit=100')),
        ...(await get('/api/replies?status=ready&limit=100')),
        ...(await get('/api/replies?status=sent&limit=100')),
        ...(await get('/api/replies?status=archived&limit=100')),
      ].map((r: { id: string }) => r.id);
      expect(ids).toHaveLength(30);
      const details = await Promise.all(ids.map((id) => get(`/api/replies/${id}`)));
      const lengths = new Set(details.map((d: { thread: unknown[] }) => d.thread.length));
      expect([...lengths].sort()).toEqual([1, 2, 3]);
      const withFiles = details.filter((d: { attachments: unknown[] }) => d.attachments.length > 0);
      expect(withFiles.length).toBe(6);
      const file = withFiles[0].attachments[0] as { download_url: string; filename: string; size: number };
      const res = await ctx.app.inject({ method: 'GET', url: file.download_url, headers: ws.headers });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBe(file.size);
      expect(String(res.headers['content-disposition'])).toContain(file.filename);
    });
  });
}

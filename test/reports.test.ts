// GET /api/reports/replies (issue 35; docs/api.md "Reports"): counts equal to what the list shows
// for the same filters on random data, days of a time zone across a daylight-saving change,
// empty ranges, the limits of a range, and the time to the first answer.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/dashboard/service.ts';
import { reportRange } from '../src/reports/periods.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace } from './helpers.ts';

for (const dialect of DIALECTS) {
  describe(`reports (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
    });
    afterAll(() => ctx.close());

    const api = async (headers: Record<string, string>, method: string, url: string, payload?: unknown) => {
      const res = await ctx.app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload: payload as object }) });
      return { status: res.statusCode, body: res.json() };
    };

    it('on random replies, every total, category and period equals the count of the list with the same filters', async () => {
      const ws = await makeWorkspace(ctx.db);
      const call = (method: string, url: string, payload?: unknown) => api(ws.headers, method, url, payload);
      const good = (await call('POST', '/api/categories', { name: 'Interested', color: '#22c55e', is_positive: true })).body.data;
      const bad = (await call('POST', '/api/categories', { name: 'Not now', color: '#888888', is_positive: false })).body.data;
      const clients = [
        (await call('POST', '/api/clients', { name: 'Acme', service_description: 'x' })).body.data.id,
        (await call('POST', '/api/clients', { name: 'Globex', service_description: 'y' })).body.data.id,
      ];
      const base = Date.UTC(2026, 9, 1);
      const replies = fc.sample(
        fc.record({
          minute: fc.integer({ min: 0, max: 60 * 24 * 60 }),
          category: fc.constantFrom(good.id, bad.id, null),
          client: fc.constantFrom(...clients, null),
          status: fc.constantFrom('pending', 'sent', 'archived'),
        }),
        { numRuns: 120, seed: 35 },
      );
      for (const r of replies) {
        const made = (await call('POST', '/api/replies', inbound({ received_at: new Date(base + r.minute * 60_000).toISOString(), category_id: r.category, client_id: r.client }))).body.data;
        if (r.status !== 'pending') await call('PATCH', `/api/replies/${made.id}`, { status: r.status });
      }
      const total = async (query: string) => (await call('GET', `/api/replies?limit=1&${query}`)).body.pagination.total as number;

      for (const [query, filters] of [
        ['from=2026-10-01&to=2026-11-29&tz=America/New_York', ''],
        [`from=2026-10-10&to=2026-10-31&tz=Asia/Kolkata&group_by=week&client_id=${clients[0]}`, `client_id=${clients[0]}`],
        ['from=2026-10-01&to=2026-11-30&tz=Europe/Berlin&group_by=month', ''],
      ] as const) {
        const { status, body } = await call('GET', `/api/reports/replies?${query}`);
        expect(status, JSON.stringify(body)).toBe(200);
        const report = body.data;
        const range = reportRange(Object.fromEntries(new URLSearchParams(query)));
        const iso = (ms: number) => new Date(ms).toISOString();
        const within = `received_after=${iso(range.periods[0]!.start)}&received_before=${iso(range.end)}${filters ? `&${filters}` : ''}`;
        expect(report.totals.received, query).toBe(await total(within));
        expect(report.totals.received).toBeGreaterThan(0);
        expect(report.totals.positive, query).toBe(await total(`${within}&category_id=${good.id}`));
        expect(report.totals.handled, query).toBe(await total(`${within}&status=sent,archived`));
        for (const c of report.totals.by_category) expect(c.count, c.name).toBe(await total(`${within}&category_id=${c.category_id ?? 'none'}`));
        expect(report.series.map((s: { period: string }) => s.period)).toEqual(range.periods.map((p) => p.period));
        for (const [i, s] of report.series.entries()) {
          const end = range.periods[i + 1]?.start ?? range.end;
          const period = `received_after=${iso(range.periods[i]!.start)}&received_before=${iso(end)}${filters ? `&${filters}` : ''}`;
          expect(s.received, `${query} ${s.period}`).toBe(await total(period));
          expect(s.positive, `${query} ${s.period}`).toBe(await total(`${period}&category_id=${good.id}`));
        }
      }
    });

    it("a day is the time zone's: across Berlin's change to summer time, a 23-hour day; late evening in New York is the next day in UTC", async () => {
      const ws = await makeWorkspace(ctx.db);
      const call = (url: string) => api(ws.headers, 'GET', url);
      for (const at of ['2026-03-28T22:59:00Z', '2026-03-28T23:00:00Z', '2026-03-29T21:59:00Z', '2026-03-29T22:00:00Z']) {
        await api(ws.headers, 'POST', '/api/replies', inbound({ received_at: at }));
      }
      const berlin = (await call('/api/reports/replies?from=2026-03-28&to=2026-03-30&tz=Europe/Berlin')).body.data;
      // 22:59Z is 23:59 on the 28th (UTC+1); 23:00Z midnight of the 29th; 21:59Z 23:59 of the 29th (UTC+2 by then); 22:00Z the 30th
      expect(berlin.series.map((s: { period: string; received: number }) => [s.period, s.received])).toEqual([
        ['2026-03-28', 1],
        ['2026-03-29', 2],
        ['2026-03-30', 1],
      ]);
      const utc = (await call('/api/reports/replies?from=2026-03-28&to=2026-03-29')).body.data;
      expect(utc.series.map((s: { received: number }) => s.received)).toEqual([2, 2]);
      expect(utc.tz).toBe('UTC');
    });

    it('an empty range is zeros; a range over 400 days, from after to, a bad date or time zone is 400', async () => {
      const ws = await makeWorkspace(ctx.db);
      const call = (url: string) => api(ws.headers, 'GET', url);
      const empty = (await call('/api/reports/replies?from=2020-01-01&to=2020-01-03&group_by=day')).body.data;
      expect(empty).toEqual({
        from: '2020-01-01',
        to: '2020-01-03',
        tz: 'UTC',
        group_by: 'day',
        totals: { received: 0, positive: 0, handled: 0, by_category: [], first_response_seconds: { median: null, p90: null, count: 0 } },
        series: ['2020-01-01', '2020-01-02', '2020-01-03'].map((period) => ({ period, received: 0, positive: 0, by_category: {} })),
      });
      // the default: the last 30 days of UTC, today included
      const byDefault = (await call('/api/reports/replies')).body.data;
      expect(byDefault.series).toHaveLength(30);
      expect(byDefault.to).toBe(new Date().toISOString().slice(0, 10));
      for (const [query, error] of [
        ['from=2025-01-01&to=2026-02-05', 'from and to may be at most 400 days apart'],
        ['from=2026-02-05&to=2026-02-01', 'from must not be after to'],
        ['tz=Mars/Olympus', 'Unknown time zone: Mars/Olympus (use an IANA name such as Europe/Berlin)'],
        ['from=2026-13-01', 'from has an invalid format'],
        ['group_by=year', 'group_by must be one of day, week, month'],
      ] as const) {
        expect(await call(`/api/reports/replies?${query}`), query).toEqual({ status: 400, body: { data: null, error } });
      }
      expect((await call('/api/reports/replies?from=2025-01-01&to=2026-02-04')).status).toBe(200);
    });

    it('the time to the first answer: median and p90 of the replies answered through Replydesk, not of those marked sent by hand', async () => {
      const ws = await makeWorkspace(ctx.db);
      const received = new Date(Date.now() - 3_600_000).toISOString();
      const answered = [];
      for (let i = 0; i < 3; i++) {
        const r = (await api(ws.headers, 'POST', '/api/replies', inbound({ received_at: received }))).body.data;
        expect((await api(ws.headers, 'POST', `/api/replies/${r.id}/send`, { message: 'Thanks!' })).status).toBe(200);
        answered.push(r.id);
      }
      const byHand = (await api(ws.headers, 'POST', '/api/replies', inbound({ received_at: received }))).body.data;
      await api(ws.headers, 'PATCH', `/api/replies/${byHand.id}`, { status: 'sent' });
      const report = (await api(ws.headers, 'GET', '/api/reports/replies?from=2020-01-01&to=2020-01-01')).body.data;
      expect(report.totals.first_response_seconds.count).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const now = (await api(ws.headers, 'GET', `/api/reports/replies?from=${yesterday}&to=${today}`)).body.data;
      expect(now.totals).toMatchObject({ received: 4, handled: 4 });
      const { median, p90, count } = now.totals.first_response_seconds;
      expect(count).toBe(3);
      // read from buckets of ln(1 + seconds): within about 2% (src/reports/counts.ts)
      expect(median).toBeGreaterThanOrEqual(3600 * 0.979);
      expect(median).toBeLessThan(3700 * 1.021);
      expect(p90).toBeGreaterThanOrEqual(median);
    });

    it('median and p90 of random answer times are within 2.1% of the exact ones, from the roll-ups and from the part-days at both ends', async () => {
      const ws = await makeWorkspace(ctx.db);
      const base = Date.UTC(2026, 5, 1, 7, 13);
      const replies = fc.sample(fc.record({ minute: fc.integer({ min: 0, max: 60 * 24 * 12 }), delay: fc.integer({ min: 0, max: 5 * 86_400 }) }), { numRuns: 80, seed: 351 });
      const made: { received: number; delay: number }[] = [];
      for (const r of replies) {
        const received = base + r.minute * 60_000;
        const reply = (await api(ws.headers, 'POST', '/api/replies', inbound({ received_at: new Date(received).toISOString() }))).body.data;
        expect((await api(ws.headers, 'POST', `/api/replies/${reply.id}/send`, { message: 'Thanks!' })).status).toBe(200);
        // the answer's time, as if it had left `delay` seconds after the reply came (the triggers see this UPDATE like any other)
        await ctx.db.write((trx) =>
          trx
            .updateTable('replies')
            .set({ handled_at: new Date(received + r.delay * 1000).toISOString() })
            .where('id', '=', reply.id)
            .execute(),
        );
        made.push({ received, delay: r.delay });
      }
      const exact = (delays: number[], p: number) => [...delays].sort((a, b) => a - b)[Math.max(1, Math.ceil(p * delays.length)) - 1]!;
      for (const query of ['from=2026-06-02&to=2026-06-09&tz=Europe/Berlin', 'from=2026-06-01&to=2026-06-12', 'from=2026-06-03&to=2026-06-03&tz=Asia/Kolkata']) {
        const range = reportRange(Object.fromEntries(new URLSearchParams(query)));
        const delays = made.filter((m) => m.received >= range.periods[0]!.start && m.received < range.end).map((m) => m.delay);
        const { median, p90, count } = (await api(ws.headers, 'GET', `/api/reports/replies?${query}`)).body.data.totals.first_response_seconds;
        expect(count, query).toBe(delays.length);
        expect(delays.length).toBeGreaterThan(2);
        for (const [got, want] of [
          [median, exact(delays, 0.5)],
          [p90, exact(delays, 0.9)],
        ])
          expect(Math.abs(got - want), `${query}: ${got} for ${want}`).toBeLessThanOrEqual(Math.max(1, want * 0.021));
      }
    });

    it('the roll-ups follow every change: category, client, assignee and status by PATCH and in bulk, a category deleted under its replies', async () => {
      const ws = await makeWorkspace(ctx.db);
      const call = (method: string, url: string, payload?: unknown) => api(ws.headers, method, url, payload);
      const good = (await call('POST', '/api/categories', { name: 'Interested', color: '#22c55e', is_positive: true })).body.data;
      const bad = (await call('POST', '/api/categories', { name: 'Not now', color: '#888888', is_positive: false })).body.data;
      const clients = [
        (await call('POST', '/api/clients', { name: 'Acme', service_description: 'x' })).body.data.id,
        (await call('POST', '/api/clients', { name: 'Globex', service_description: 'y' })).body.data.id,
      ];
      const member = await createUser(
        ctx.db,
        { email: `rollups.${dialect}.${process.pid}@example.com`, workspaceId: ws.workspace.id, role: 'member', password: 'correct horse battery' },
        'http://127.0.0.1',
      );
      const base = Date.UTC(2026, 2, 20);
      const ops = fc.sample(
        fc.record({
          minute: fc.integer({ min: 0, max: 60 * 24 * 20 }),
          category: fc.constantFrom(good.id, bad.id, null),
          client: fc.constantFrom(...clients, null),
          change: fc.constantFrom('category', 'client', 'assignee', 'status', 'bulk', 'none'),
        }),
        { numRuns: 70, seed: 352 },
      );
      const ids: string[] = [];
      for (const op of ops) {
        const id = (await call('POST', '/api/replies', inbound({ received_at: new Date(base + op.minute * 60_000).toISOString(), category_id: op.category, client_id: op.client }))).body.data.id;
        ids.push(id);
        const change = {
          category: { category_id: op.category === good.id ? bad.id : good.id },
          client: { client_id: op.client === clients[0] ? clients[1] : null },
          assignee: { assignee_id: member.id },
          status: { status: 'archived' },
        }[op.change as 'category'];
        if (change) expect((await call('PATCH', `/api/replies/${id}`, change)).status).toBe(200);
        if (op.change === 'bulk') expect((await call('POST', '/api/replies/bulk', { ids: ids.slice(-3), status: 'sent', assignee_id: member.id })).status).toBe(200);
      }
      // a foreign key's action (SET NULL) is an update of the replies too
      await ctx.db.write((trx) => trx.deleteFrom('categories').where('id', '=', bad.id).execute());

      const total = async (query: string) => (await call('GET', `/api/replies?limit=1&${query}`)).body.pagination.total as number;
      for (const [query, filters] of [
        ['from=2026-03-20&to=2026-04-10&tz=Europe/Berlin', ''],
        [`from=2026-03-20&to=2026-04-10&group_by=week&assignee_id=${member.id}`, `assignee_id=${member.id}`],
        [`from=2026-03-20&to=2026-04-10&tz=America/New_York&assignee_id=none&client_id=${clients[1]}`, `assignee_id=none&client_id=${clients[1]}`],
      ] as const) {
        const report = (await call('GET', `/api/reports/replies?${query}`)).body.data;
        const range = reportRange(Object.fromEntries(new URLSearchParams(query)));
        const iso = (ms: number) => new Date(ms).toISOString();
        const within = `received_after=${iso(range.periods[0]!.start)}&received_before=${iso(range.end)}${filters ? `&${filters}` : ''}`;
        expect(report.totals.received, query).toBe(await total(within));
        expect(report.totals.received).toBeGreaterThan(0);
        expect(report.totals.positive, query).toBe(await total(`${within}&category_id=${good.id}`));
        expect(report.totals.handled, query).toBe(await total(`${within}&status=sent,archived`));
        expect(report.totals.by_category.map((c: { category_id: string | null }) => c.category_id).sort()).not.toContain(bad.id);
        for (const c of report.totals.by_category) expect(c.count, c.name).toBe(await total(`${within}&category_id=${c.category_id ?? 'none'}`));
        for (const [i, s] of report.series.entries()) {
          const end = range.periods[i + 1]?.start ?? range.end;
          expect(s.received, `${query} ${s.period}`).toBe(await total(`received_after=${iso(range.periods[i]!.start)}&received_before=${iso(end)}${filters ? `&${filters}` : ''}`));
        }
      }
    });
  });
}

// A request with several problems is told all of them at once, one per field, in one 400
// (src/http/validation.ts schemaErrorFormatter), so a form can mark each field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeWorkspace } from './helpers.ts';

describe('validation names every problem of a request at once', () => {
  let ctx: Awaited<ReturnType<typeof makeApp>>;
  let headers: Record<string, string>;
  beforeAll(async () => {
    ctx = await makeApp('sqlite');
    headers = (await makeWorkspace(ctx.db)).headers;
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers, payload: payload as object });

  it('a mailbox with its server fields left blank or wrong: each field named, in the order of the form, and nothing created', async () => {
    const res = await post('/api/connections', {
      name: '',
      email: 'not-an-address',
      imap: { host: '', port: 'x', tls: 'ssl', username: 'u', password: 'p' },
      smtp: { port: 70000, tls: 'starttls', username: '', password: 'p' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      data: null,
      error:
        'name must not be empty; email must be a valid email address; imap.host must not be empty; imap.port must be an integer; imap.tls must be one of implicit, starttls, none; ' +
        'smtp.host is required; smtp.port must be at most 65535; smtp.username must not be empty',
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/connections', headers })).json().data).toEqual([]);
  });

  it('a wrong type on a nullable field is one problem, not one per branch of its union', async () => {
    const reply = await post('/api/replies', { from_email: 'a@example.com', to_email: 'b@example.com' });
    const res = await ctx.app.inject({ method: 'PATCH', url: `/api/replies/${reply.json().data.id}`, headers, payload: { ai_response: 5, status: 'nope' } });
    expect(res.json()).toEqual({ data: null, error: 'status must be one of pending, ready, sent, archived; ai_response must be a string' });
  });

  it('a single problem reads as it always did', async () => {
    expect((await post('/api/replies', { to_email: 'b@example.com' })).json()).toEqual({ data: null, error: 'from_email is required' });
  });
});

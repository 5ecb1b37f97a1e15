// Triage, the integration (docs/triage.md): default categories, the triage job on ingestion,
// never overwriting a person's or client's choice, drafts, consequences on contacts, learning
// from corrections, and a language model behind a local OpenAI-compatible server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../src/config/index.ts';
import { connect } from '../src/db/connect.ts';
import { Worker } from '../src/jobs/queue.ts';
import { DEFAULT_CATEGORIES, suggest } from '../src/triage/local/index.ts';
import { OTHER_SCRIPT_REASON } from '../src/triage/decide.ts';
import { learnCorrections } from '../src/triage/learning.ts';
import { triageHandlers } from '../src/triage/handlers.ts';
import { DIALECTS, inbound, makeApp, makeWorkspace, subscribeToAllEvents, tempDir, unsureReplyText } from './helpers.ts';

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'triage-prompt.json');

/** A local OpenAI-compatible chat-completions server: records each request, answers as told. */
async function startModelServer() {
  const requests: { headers: http.IncomingHttpHeaders; body: any }[] = [];
  let answer: (n: number) => { status?: number; content?: string; delayMs?: number } = () => ({ content: '{}' });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      const a = answer(requests.length);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(a.status ?? 200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: a.content ?? '' }, finish_reason: 'stop' }],
          }),
        );
      };
      if (a.delayMs) setTimeout(send, a.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    answer: (fn: typeof answer) => {
      answer = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

for (const dialect of DIALECTS) {
  describe(`triage (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let model: Awaited<ReturnType<typeof startModelServer>>;
    beforeAll(async () => {
      ctx = await makeApp(dialect);
      model = await startModelServer();
    });
    afterAll(async () => {
      await ctx.close();
      await model.close();
    });

    // the app the requests go to: the one without a model, or the model's (its describe below)
    let app: Awaited<ReturnType<typeof makeApp>>['app'] | null = null;
    const call = async (method: string, url: string, headers: Record<string, string>, payload?: unknown) => {
      const res = await (app ?? ctx.app).inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload: payload as object }) });
      return { status: res.statusCode, body: res.json() };
    };
    const drain = (llm: LlmConfig | null = null) => new Worker(ctx.db, triageHandlers({ db: ctx.db, llm })).drain();
    const llmConfig = (over: Partial<LlmConfig> = {}): LlmConfig => ({ baseUrl: model.url, apiKey: 'sk-test', model: 'test-model', timeoutSeconds: 5, dailyBudget: 100, ...over });
    const categories = async (headers: Record<string, string>) => {
      const list = (await call('GET', '/api/categories?limit=100', headers)).body.data as { id: string; name: string; drafts: boolean }[];
      return Object.fromEntries(list.map((c) => [c.name, c]));
    };
    const events = (workspaceId: string, type: string) =>
      ctx.db.read
        .selectFrom('events')
        .select('payload')
        .where('workspace_id', '=', workspaceId)
        .where('type', '=', type)
        .execute()
        .then((rows) => rows.map((r) => JSON.parse(r.payload).data));

    it('a new workspace starts with the nine categories and their colours, the four positive ones drafting, and triage on', async () => {
      const ws = await makeWorkspace(ctx.db, { triage: true });
      const list = (await call('GET', '/api/categories', ws.headers)).body.data;
      expect(list.map((c: any) => ({ name: c.name, color: c.color, is_positive: c.is_positive, drafts: c.drafts }))).toEqual(DEFAULT_CATEGORIES.map((c) => ({ ...c })));
      expect(list.filter((c: any) => c.drafts).map((c: any) => c.name)).toEqual(['Interested', 'Meeting request', 'Information request', 'Referral']);
      expect((await call('GET', '/api/triage', ws.headers)).body.data).toMatchObject({ enabled: true, model: { configured: false } });
    });

    it('an interested reply is categorised, drafted from the template and made ready as it is stored, and announced so', async () => {
      const ws = await makeWorkspace(ctx.db, { triage: true });
      await subscribeToAllEvents(ctx.app, ws.headers);
      await call('PATCH', '/api/triage', ws.headers, { sender_name: 'Sam Carter', signature: 'Sam Carter\nBrightpath' });
      const client = (await call('POST', '/api/clients', ws.headers, { name: 'Brightpath', service_description: 'Outbound lead generation for B2B SaaS.' })).body.data;
      const worker = new Worker(ctx.db, triageHandlers({ db: ctx.db, llm: null }), { pollMs: 100 });
      worker.start();
      try {
        const ingested = await call(
          'POST',
          '/api/replies',
          ws.headers,
          inbound({ client_id: client.id, body_text: 'Yes, this sounds great. I would love to learn more about how it works.', contact: { first_name: 'Ada', company: 'Acme' } }),
        );
        expect(ingested.status).toBe(201);
        // decided in the ingestion's transaction: the answer already carries it
        expect(ingested.body.data).toMatchObject({ status: 'ready', category: { name: 'Interested' }, triage: { source: 'classifier' } });
        const reply = (await call('GET', `/api/replies/${ingested.body.data.id}`, ws.headers)).body.data;
        expect(reply.category.name).toBe('Interested');
        expect(reply.status).toBe('ready');
        expect(reply.ai_response).toContain('Hi Ada,');
        expect(reply.ai_response).toContain('Outbound lead generation for B2B SaaS.');
        expect(reply.ai_response).toContain('Sam Carter\nBrightpath');
        expect(reply.triage).toMatchObject({ source: 'classifier', category_id: reply.category_id });
        expect(reply.triage.confidence).toBeGreaterThan(0.5);
        // one event, with the category and draft: the reply was never stored without them
        expect(await events(ws.workspace.id, 'reply.received')).toEqual([expect.objectContaining({ id: reply.id, status: 'ready', category_id: reply.category_id, ai_response: reply.ai_response })]);
        expect(await events(ws.workspace.id, 'reply.updated')).toEqual([]);
      } finally {
        await worker.stop();
      }
    });

    it('a category given at ingestion or by a person, and a draft a person wrote, are never overwritten', async () => {
      const ws = await makeWorkspace(ctx.db, { triage: true });
      const cats = await categories(ws.headers);
      const text = { body_text: 'Yes, this sounds great. I would love to learn more about how it works.' };
      const given = (await call('POST', '/api/replies', ws.headers, inbound({ ...text, category_id: cats['Not interested']!.id }))).body.data;
      expect(given.category.name).toBe('Not interested');
      const jobs = await ctx.db.read.selectFrom('jobs').select('payload').where('workspace_id', '=', ws.workspace.id).where('kind', '=', 'triage.reply').execute();
      expect(jobs).toEqual([]); // a client's category: no triage at all
      // triage decides in the ingestion's transaction: a person's change can only come after it

      const byPerson = (await call('POST', '/api/replies', ws.headers, inbound(text))).body.data;
      expect((await call('PATCH', `/api/replies/${byPerson.id}`, ws.headers, { category_id: cats['Wrong person']!.id })).status).toBe(200);
      const drafted = (await call('POST', '/api/replies', ws.headers, inbound(text))).body.data;
      expect((await call('PATCH', `/api/replies/${drafted.id}`, ws.headers, { ai_response: 'My own words.' })).status).toBe(200);
      await drain();

      const after = async (id: string) => (await call('GET', `/api/replies/${id}`, ws.headers)).body.data;
      expect(await after(given.id)).toMatchObject({ category_id: cats['Not interested']!.id, ai_response: null, triage: null, status: 'pending' });
      // the person's category stands; what triage had decided stays on record, with its own category
      expect(await after(byPerson.id)).toMatchObject({ category_id: cats['Wrong person']!.id, triage: { source: 'classifier', category_id: cats.Interested!.id } });
      expect(await after(drafted.id)).toMatchObject({ category_id: cats.Interested!.id, ai_response: 'My own words.', status: 'ready', triage: { source: 'classifier' } });
    });

    it('with triage off nothing is queued and nothing changes', async () => {
      const ws = await makeWorkspace(ctx.db, { triage: true });
      expect((await call('PATCH', '/api/triage', ws.headers, { enabled: false })).body.data.enabled).toBe(false);
      const r = (await call('POST', '/api/replies', ws.headers, inbound({ body_text: 'Please remove me from your mailing list.' }))).body.data;
      expect(await drain()).toBe(0);
      expect((await call('GET', `/api/replies/${r.id}`, ws.headers)).body.data).toMatchObject({ category_id: null, triage: null });
    });

    it('Unsubscribe marks the contact do-not-contact: a send is 409 and mails nothing, until a person clears it', async () => {
      const ws = await makeWorkspace(ctx.db, { triage: true });
      await subscribeToAllEvents(ctx.app, ws.headers);
      const r = (await call('POST', '/api/replies', ws.headers, inbound({ body_text: 'Please remove me from your mailing list. Do not email me again.' }))).body.data;
      await drain();
      const reply = (await call('GET', `/api/replies/${r.id}`, ws.headers)).body.data;
      expect(reply.category.name).toBe('Unsubscribe');
      expect(reply.ai_response).toBeNull(); // Unsubscribe does not draft
      const listed = (await call('GET', '/api/contacts', ws.headers)).body.data.find((c: any) => c.id === r.contact_id);
      expect(listed).toMatchObject({ do_not_contact: true, bouncing: false });
      const contact = (await call('GET', `/api/contacts/${r.contact_id}`, ws.headers)).body.data;
      expect(contact).toMatchObject({ do_not_contact: true, do_not_contact_reason: expect.stringContaining(r.id) });
      expect(await events(ws.workspace.id, 'contact.updated')).toEqual([
        expect.objectContaining({ id: r.contact_id, do_not_contact: true, changes: { do_not_contact: { previous: false, current: true } } }),
      ]);

      const refused = await call('POST', `/api/replies/${r.id}/send`, ws.headers, { message: 'Sorry to bother you again' });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ data: null, error: expect.stringContaining('do-not-contact') });
      expect(await ctx.db.read.selectFrom('outgoing_messages').select('id').where('reply_id', '=', r.id).execute()).toEqual([]);
      expect((await call('GET', `/api/replies/${r.id}`, ws.headers)).body.data.status).toBe('pending');

      const cleared = await call('PATCH', `/api/contacts/${r.contact_id}`, ws.headers, { do_not_contact: false });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data, JSON.stringify(cleared.body)).toMatchObject({ do_not_contact: false, do_not_contact_since: null });
      expect((await events(ws.workspace.id, 'contact.updated')).at(-1)).toMatchObject({ do_not_contact: false, changes: { do_not_contact: { previous: true, current: false } } });
      expect((await call('POST', `/api/replies/${r.id}/send`, ws.headers, { message: 'Understood, removed.' })).status).toBe(200);
      expect((await call('PATCH', `/api/contacts/${r.contact_id}`, ws.headers, {})).status).toBe(400);
    });

    it('Out of office snoozes the reply until the return date; Bounce marks the failed address bouncing', async () => {
      const ws = await makeWorkspace(ctx.db, { triage: true });
      const year = new Date().getUTCFullYear() + 1;
      const ooo = (
        await call(
          'POST',
          '/api/replies',
          ws.headers,
          inbound({ subject: 'Automatic reply: Quick question', body_text: `I am out of the office until 15 March ${year} with limited access to email.`, received_at: new Date().toISOString() }),
        )
      ).body.data;
      const prospect = (await call('POST', '/api/replies', ws.headers, inbound({ from_email: 'ada.bounce@acme.example', body_text: 'Sounds interesting, send me pricing.' }))).body.data;
      const bounce = (
        await call(
          'POST',
          '/api/replies',
          ws.headers,
          inbound({
            from_email: 'MAILER-DAEMON@mx.example.net',
            from_name: 'Mail Delivery System',
            subject: 'Undelivered Mail Returned to Sender',
            body_text:
              "I'm sorry to have to inform you that your message could not be delivered.\n\n<ada.bounce@acme.example>: 550 5.1.1 User unknown\n\nFinal-Recipient: rfc822; ada.bounce@acme.example\nAction: failed\nStatus: 5.1.1",
          }),
        )
      ).body.data;
      await drain();
      const o = (await call('GET', `/api/replies/${ooo.id}`, ws.headers)).body.data;
      expect(o.category.name).toBe('Out of office');
      expect(o.snoozed_until).toBe(`${year}-03-15T00:00:00.000Z`);
      expect((await call('GET', `/api/replies/${bounce.id}`, ws.headers)).body.data.category.name).toBe('Bounce');
      expect((await call('GET', `/api/contacts/${prospect.contact_id}`, ws.headers)).body.data).toMatchObject({ bouncing: true, do_not_contact: false });
      expect((await call('GET', `/api/contacts/${bounce.contact_id}`, ws.headers)).body.data.bouncing).toBe(false);
    });

    it("the team's corrections teach the workspace model a custom category", async () => {
      const ws = await makeWorkspace(ctx.db, { triage: true });
      const partnership = (await call('POST', '/api/categories', ws.headers, { name: 'Partnership', color: '#8b5cf6' })).body.data;
      const corrections = [
        'We run an agency and would like to discuss a reseller partnership with you.',
        'Could our agency become a reseller partner? We have clients who need this.',
        'Interested in a partnership: we resell tools like yours to our agency clients.',
        'Our agency wants a reseller partnership agreement, who should I talk to?',
        'Partnership question: do you have a reseller programme for agencies?',
      ];
      const ids = [];
      for (const body_text of corrections) ids.push((await call('POST', '/api/replies', ws.headers, inbound({ body_text }))).body.data.id);
      await drain();
      expect((await call('POST', '/api/replies/bulk', ws.headers, { ids: ids.slice(0, 2), category_id: partnership.id })).status).toBe(200);
      for (const id of ids.slice(2)) expect((await call('PATCH', `/api/replies/${id}`, ws.headers, { category_id: partnership.id })).status).toBe(200);
      // a correction queues nothing: the worker's sweep learns it from the reply's history
      const jobs = await ctx.db.read.selectFrom('jobs').select('kind').where('workspace_id', '=', ws.workspace.id).where('kind', '=', 'triage.learn').execute();
      expect(jobs).toHaveLength(0);
      await learnCorrections(ctx.db);
      // the five corrections, once each; triage's own choices at ingestion are not learned from
      expect((await call('GET', '/api/triage', ws.headers)).body.data.learned_examples).toBe(5);
      await learnCorrections(ctx.db);
      expect((await call('GET', '/api/triage', ws.headers)).body.data.learned_examples).toBe(5);

      const fresh = (await call('POST', '/api/replies', ws.headers, inbound({ body_text: 'Our agency would like a reseller partnership with you, who do I talk to?' }))).body.data;
      await drain();
      const read = (await call('GET', `/api/replies/${fresh.id}`, ws.headers)).body.data;
      expect(read.category_id).toBe(partnership.id);
      expect(read.triage).toMatchObject({ source: 'workspace', category_id: partnership.id });
    });

    it('a reply triage is unsure of is stored without a category, with its two likeliest as suggestions; choosing one is learned from (issue 30)', async () => {
      const ws = await makeWorkspace(ctx.db, { triage: true });
      const cats = await categories(ws.headers);
      const body_text = await unsureReplyText();
      const ingested = (await call('POST', '/api/replies', ws.headers, inbound({ subject: 'Re: Quick question', body_text }))).body.data;
      expect(ingested).toMatchObject({ category_id: null, triage: { source: 'none', category_id: null } });
      const { suggestions } = (await call('GET', `/api/replies/${ingested.id}`, ws.headers)).body.data.triage;
      const expected = suggest({ subject: 'Re: Quick question', bodyText: body_text, fromEmail: 'x@y.example' });
      expect(suggestions).toEqual(expected.map((s) => ({ category_id: cats[s.label]!.id, confidence: s.confidence })));
      expect(suggestions).toHaveLength(2);
      expect(suggestions[0].confidence).toBeGreaterThan(suggestions[1].confidence);
      expect(suggestions[0].confidence).toBeLessThan(0.5); // under the classifier's threshold: why it was not chosen

      expect((await call('PATCH', `/api/replies/${ingested.id}`, ws.headers, { category_id: suggestions[0].category_id })).status).toBe(200);
      await learnCorrections(ctx.db);
      expect((await call('GET', '/api/triage', ws.headers)).body.data.learned_examples).toBe(1);
      // a reply triage decided carries none
      const sure = (await call('POST', '/api/replies', ws.headers, inbound({ body_text: 'Please remove me from your list.' }))).body.data;
      expect((await call('GET', `/api/replies/${sure.id}`, ws.headers)).body.data.triage).toMatchObject({ category_id: cats.Unsubscribe!.id, suggestions: [] });
    });

    it('a reply in a script the categoriser does not read gets no category, no guess, and a why that says so (issue 30)', async () => {
      const ws = await makeWorkspace(ctx.db, { triage: true });
      const body_text = 'Tom，你好：\n\n我们对库存同步很感兴趣，请问下一步怎么安排？\n\n王伟\n\n> Hi Wei, would a 20-minute call next week make sense?';
      const ingested = (await call('POST', '/api/replies', ws.headers, inbound({ subject: 'Re: Stock sync', body_text }))).body.data;
      expect(ingested).toMatchObject({ category_id: null, triage: { source: 'none', category_id: null } });
      const { triage } = (await call('GET', `/api/replies/${ingested.id}`, ws.headers)).body.data;
      expect(triage).toMatchObject({ source: 'none', reason: OTHER_SCRIPT_REASON, suggestions: [] });
      // an unsubscribe in the same script is still caught, with its consequence
      const stop = (await call('POST', '/api/replies', ws.headers, inbound({ body_text: '请不要再给我发邮件，谢谢。' }))).body.data;
      const cats = await categories(ws.headers);
      expect(stop).toMatchObject({ category_id: cats.Unsubscribe!.id, triage: { source: 'rule' } });
    });

    describe('with a language model (a local OpenAI-compatible server)', () => {
      // ingestion asks for the model's job when the local categoriser is unsure: the app knows the model
      let withModel: Awaited<ReturnType<typeof makeApp>>;
      beforeAll(async () => {
        withModel = await makeApp(dialect, { db: ctx.db, llm: llmConfig() });
        app = withModel.app;
      });
      afterAll(async () => {
        app = null;
        await withModel.close();
      });

      it('the model decides a reply the local categoriser is unsure of and writes its draft; the prompt holds the thread, contact, client and instructions', async () => {
        const ws = await makeWorkspace(ctx.db, { triage: true });
        // the fixture's reply ("Hmm.") stands for whatever short text the categoriser is unsure of today
        const unsure = JSON.stringify(await unsureReplyText()).slice(1, -1);
        const fixture = JSON.parse(fs.readFileSync(FIXTURE, 'utf8').replaceAll('Hmm.', unsure));
        await call('PATCH', '/api/triage', ws.headers, fixture.workspace);
        const client = (await call('POST', '/api/clients', ws.headers, fixture.client)).body.data;
        const r = (await call('POST', '/api/replies', ws.headers, { ...fixture.reply, client_id: client.id })).body.data;
        model.requests.length = 0;
        model.answer(() => ({ content: JSON.stringify({ category: 'referral', confidence: 0.86, reason: 'points to a colleague', draft: 'Hi Jonas, thanks for the pointer.' }) }));
        await drain(llmConfig());
        expect(model.requests).toHaveLength(1);
        const sent = model.requests[0]!;
        expect(sent.headers.authorization).toBe('Bearer sk-test');
        expect(sent.body.model).toBe('test-model');
        expect(sent.body.messages).toEqual(fixture.messages);
        const read = (await call('GET', `/api/replies/${r.id}`, ws.headers)).body.data;
        expect(read).toMatchObject({
          status: 'ready',
          ai_response: 'Hi Jonas, thanks for the pointer.',
          category: { name: 'Referral' },
          triage: { source: 'model', confidence: 0.86, reason: 'model test-model: points to a colleague' },
        });
        expect((await call('GET', '/api/triage', ws.headers)).body.data.model.calls_today).toBe(1);
      });

      it('a 5xx from the model server is retried by the job; the last failed attempt leaves the local result', async () => {
        const ws = await makeWorkspace(ctx.db, { triage: true });
        const id = (await call('POST', '/api/replies', ws.headers, inbound({ body_text: await unsureReplyText() }))).body.data.id as string;
        model.requests.length = 0;
        model.answer(() => ({ status: 503, content: 'overloaded' }));
        await drain(llmConfig()); // triage.reply: unsure, so a triage.model job; its first attempt gets 503
        expect(model.requests).toHaveLength(1);
        const [job] = await ctx.db.read
          .selectFrom('jobs')
          .select(['id', 'status', 'attempts', 'last_error', 'run_at'])
          .where('workspace_id', '=', ws.workspace.id)
          .where('kind', '=', 'triage.model')
          .execute();
        expect(job).toMatchObject({ status: 'queued', attempts: 1, last_error: 'model server answered 503' });
        expect(new Date(job!.run_at).getTime()).toBeGreaterThan(Date.now()); // backoff
        expect((await call('GET', `/api/replies/${id}`, ws.headers)).body.data.triage).toBeNull();
        // its remaining attempts, made due now: the last one gives up on the model
        for (const attempt of [2, 3]) {
          await ctx.db.write((trx) => trx.updateTable('jobs').set({ run_at: new Date().toISOString() }).where('id', '=', job!.id).execute());
          await drain(llmConfig());
          expect(model.requests).toHaveLength(attempt);
        }
        const done = await ctx.db.read.selectFrom('jobs').select('status').where('id', '=', job!.id).executeTakeFirstOrThrow();
        expect(done.status).toBe('done');
        expect((await call('GET', `/api/replies/${id}`, ws.headers)).body.data.triage).toMatchObject({ source: 'none', reason: expect.stringContaining('model not used: model server answered 503') });
      });

      it('a malformed answer, a slow one or a spent budget leaves the local result: category and template draft', async () => {
        const ws = await makeWorkspace(ctx.db, { triage: true });
        const ingest = async () =>
          (await call('POST', '/api/replies', ws.headers, inbound({ body_text: 'Yes, this sounds great. I would love to learn more about how it works.', contact: { first_name: 'Ada' } }))).body.data
            .id as string;
        const read = async (id: string) => (await call('GET', `/api/replies/${id}`, ws.headers)).body.data;

        // sure locally: the category at once, the draft left to the model, which answers garbage
        const malformed = await ingest();
        model.requests.length = 0;
        model.answer(() => ({ content: '{"category": "Interested", "confidence": "very"}' }));
        await drain(llmConfig());
        expect(model.requests).toHaveLength(1);
        expect(await read(malformed)).toMatchObject({ category: { name: 'Interested' }, status: 'ready', ai_response: expect.stringContaining('Hi Ada,'), triage: { source: 'classifier' } });

        const slow = await ingest();
        model.answer(() => ({ delayMs: 3000, content: JSON.stringify({ category: 'Interested', confidence: 1, reason: 'late', draft: 'Too late.' }) }));
        await drain(llmConfig({ timeoutSeconds: 0.5 }));
        expect(await read(slow)).toMatchObject({ category: { name: 'Interested' }, ai_response: expect.stringContaining('Hi Ada,') });

        // an unsure reply with no budget left: the local result (nothing confident: no category)
        const unsure = (await call('POST', '/api/replies', ws.headers, inbound({ body_text: await unsureReplyText() }))).body.data.id;
        model.requests.length = 0;
        await drain(llmConfig({ dailyBudget: 2 }));
        expect(model.requests).toHaveLength(0);
        expect(await read(unsure)).toMatchObject({ category_id: null, triage: { source: 'none', category_id: null, reason: expect.stringContaining('budget') } });
      });
    });
  });
}

describe('replydesk workspace create --triage off', () => {
  it('creates a workspace with the nine categories and triage off; the default is on', () => {
    const dir = tempDir();
    const env = { ...process.env, DATABASE_URL: `file:${path.join(dir, 'cli.db')}` };
    const run = (...args: string[]) => spawnSync(process.execPath, ['bin/replydesk.mjs', ...args], { env, encoding: 'utf8', cwd: path.join(import.meta.dirname, '..') });
    const off = run('workspace', 'create', '--name', 'Quiet', '--triage', 'off', '--json');
    expect(off.status, off.stderr).toBe(0);
    const on = run('workspace', 'create', '--name', 'Busy', '--json');
    expect(on.status, on.stderr).toBe(0);
    const bad = run('workspace', 'create', '--name', 'X', '--triage', 'maybe', '--json');
    expect(bad.status).toBe(2);
    expect(JSON.parse(bad.stdout)).toEqual({ data: null, error: '--triage must be on or off' });
    const db = connect({ dialect: 'sqlite', filename: path.join(dir, 'cli.db') });
    return (async () => {
      try {
        for (const [out, enabled] of [
          [off, false],
          [on, true],
        ] as const) {
          const id = JSON.parse(out.stdout).data.id;
          const ws = await db.read.selectFrom('workspaces').select('triage_enabled').where('id', '=', id).executeTakeFirstOrThrow();
          expect(Boolean(ws.triage_enabled)).toBe(enabled);
          const cats = await db.read.selectFrom('categories').select('name').where('workspace_id', '=', id).orderBy('created_at').execute();
          expect(cats.map((c) => c.name)).toEqual(DEFAULT_CATEGORIES.map((c) => c.name));
        }
      } finally {
        await db.close();
      }
    })();
  }, 60_000);
});

// What the browser loads: the built dashboard (web/dist) at every dashboard address, a reply's
// body as a sandboxable document, and the live event stream (docs/dashboard.md).
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fastifyStatic from '@fastify/static';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import { Errors } from '../errors.ts';
import { IdParams } from '../http/schemas.ts';
import { getReplyDetail } from '../replies/queries.ts';
import { type LiveEvent, liveEvents } from '../webhooks/live.ts';
import { WEB_DIST } from '../files.ts';
import { bodyDocument } from './body.ts';
import { sessionStillHolds } from './sessions.ts';

/** The dashboard's own pages: scripts and styles from this origin only, nothing inline. */
export const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Addresses the single-page app answers (react-router reads the rest of the path). */
const PAGES = ['/', '/inbox', '/inbox/*', '/contacts', '/contacts/*', '/reports', '/settings', '/settings/*', '/signin', '/setup/*', '/reset/*', '/invite/*'];

/** A comment line this often keeps proxies from closing an idle stream. */
const KEEPALIVE_MS = 25_000;
/** How often an idle stream checks that its session still holds. */
const SESSION_CHECK_MS = 3_000;

export const webRoutes: FastifyPluginAsyncTypebox<{ db: Db; distDir?: string }> = async (app, { db, distDir = WEB_DIST }) => {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(path.join(distDir, 'assets'));
  const pageHeaders = { 'content-security-policy': PAGE_CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin', 'cache-control': 'no-cache' };

  if (built) {
    await app.register(async (assets) => {
      assets.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
        route.schema = { ...route.schema, hide: true };
      });
      // names carry a content hash (Vite): cached for a year
      await assets.register(fastifyStatic, { root: path.join(distDir, 'assets'), prefix: '/assets/', immutable: true, maxAge: '365d', index: false, wildcard: true });
    });
  }
  for (const url of PAGES) {
    app.get(url, { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
      // read each time (a few hundred bytes): a rebuild is served without a restart
      const index = await fs.promises.readFile(indexFile).catch(() => null);
      if (!index) {
        return reply.code(503).headers(pageHeaders).type('text/plain; charset=utf-8').send('The dashboard is not built yet: run `npm run build:web` (npm start does it by itself).');
      }
      return reply.headers(pageHeaders).type('text/html; charset=utf-8').send(index);
    });
  }

  app.get(
    '/dashboard/api/replies/:id/body',
    {
      config: { session: true, permission: 'replies:read' },
      schema: { hide: true, params: IdParams, querystring: Type.Object({ remote_images: Type.Optional(Type.Boolean()) }) },
    },
    async (request, reply) => {
      const row = await getReplyDetail(db.read, request.workspaceId, request.params.id);
      if (!row) throw Errors.ReplyNotFound();
      const { document, csp } = bodyDocument(row, { remoteImages: request.query.remote_images === true });
      return reply
        .headers({ 'content-security-policy': csp, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'private, no-store' })
        .type('text/html; charset=utf-8')
        .send(document);
    },
  );

  const streams = new Set<(sessionEnded?: boolean) => void>();
  // A stream never ends by itself: shutdown ends them, or closing the server would wait.
  app.addHook('preClose', (done) => {
    for (const end of streams) end();
    done();
  });

  app.get('/dashboard/api/events', { config: { session: true, permission: 'replies:read' }, schema: { hide: true } }, async (request, reply) => {
    const workspaceId = request.workspaceId;
    const { idHash, role } = request.principal!.session!;
    const holds = () => sessionStillHolds(db, { idHash, workspaceId, role });
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
      connection: 'keep-alive',
    });
    res.write(': connected\n\n');

    // The stream lives only as long as its session (docs/dashboard.md, Live updates): every
    // event waits for a check of the session that began after it was published, so a sign-out,
    // an expiry, a removal or a role change committed before an event keeps that event out.
    // Events that arrive together share one check; an idle stream is checked every few seconds.
    let waiting: LiveEvent[] = [];
    let checking = false;
    let ended = false;
    const pump = async () => {
      if (checking || ended) return;
      checking = true;
      const batch = waiting;
      waiting = [];
      const ok = await holds().catch(() => null);
      checking = false;
      if (ended) return;
      // a failed read delivers nothing and ends nothing: the batch waits for the next check
      if (ok === null) return void (waiting = [...batch, ...waiting]);
      if (!ok) return end(true);
      for (const event of batch) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      if (waiting.length) void pump();
    };
    // after an outage of the bus between instances events may be missing: the page reads
    // everything again (docs/dashboard.md "Live updates")
    const resync = () => {
      if (!ended) res.write('event: resync\ndata: {}\n\n');
    };
    const unsubscribe = liveEvents.subscribe(
      workspaceId,
      (event) => {
        waiting.push(event);
        void pump();
      },
      resync,
    );
    const keepalive = setInterval(() => res.write(': keepalive\n\n'), KEEPALIVE_MS);
    const recheck = setInterval(() => void pump(), SESSION_CHECK_MS);
    function end(sessionEnded = false) {
      if (ended) return;
      ended = true;
      clearInterval(keepalive);
      clearInterval(recheck);
      unsubscribe();
      streams.delete(end);
      if (sessionEnded && !res.writableEnded) res.write('event: session.ended\ndata: {}\n\n');
      if (!res.writableEnded) res.end();
    }
    streams.add(end);
    request.raw.on('close', () => end());
  });
};

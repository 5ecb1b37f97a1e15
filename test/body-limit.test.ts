// A body over the limit is answered 413 in the envelope, and a client still sending it reads
// that answer: the server drains what follows for a while before it closes (a lingering
// close, http/linger.ts), instead of resetting the connection under the client's feet.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// POST /api/replies takes files, so its limit is the larger one (http/attachments.ts)
import { ATTACHMENT_BODY_LIMIT as BODY_LIMIT } from '../src/http/attachments.ts';
import { DIALECTS, makeApp, makeWorkspace } from './helpers.ts';

const MiB = 1024 * 1024;
const SIZE = 32 * MiB;

/** A JSON-looking body of `size` bytes, made as it is sent, 64 KiB at a time. */
function bigBody(size: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = -1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent < 0) controller.enqueue(new TextEncoder().encode('{"from_email":"'));
      else if (sent >= size) return controller.close();
      else controller.enqueue(chunk);
      sent = Math.max(sent, 0) + (sent < 0 ? 0 : chunk.length);
    },
  });
}

for (const dialect of DIALECTS) {
  describe(`a body over the limit (${dialect})`, () => {
    let ctx: Awaited<ReturnType<typeof makeApp>>;
    let ws: Awaited<ReturnType<typeof makeWorkspace>>;
    let url: string;

    beforeAll(async () => {
      ctx = await makeApp(dialect);
      ws = await makeWorkspace(ctx.db);
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(ctx.app.server.address() as net.AddressInfo).port}`;
    });
    afterAll(() => ctx.close());

    it('fetch streaming 32 MiB to POST /api/replies reads the 413 in the envelope, not a reset', async () => {
      const res = await fetch(`${url}/api/replies`, {
        method: 'POST',
        headers: { ...ws.headers, 'content-type': 'application/json' },
        body: bigBody(SIZE),
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({ data: null, error: `Request body is larger than ${BODY_LIMIT} bytes` });
      expect(res.headers.get('connection')).toBe('close');
    });

    it.each(['content-length', 'chunked'])('a client that sends the whole 32 MiB (%s) before it reads anything, as a blocking client does, then reads the 413, not a reset', async (framing) => {
      const { port } = new URL(url);
      const socket = net.connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      // not reading: the answer waits in the socket's receive buffer until the body is sent
      socket.pause();
      const failed = new Promise<Error>((resolve) => socket.once('error', resolve));
      const chunk = Buffer.alloc(MiB, 'a');
      const sendAll = (async () => {
        const chunked = framing === 'chunked';
        socket.write(
          `POST /api/replies HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ws.key}\r\nContent-Type: application/json\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${SIZE}`}\r\n\r\n`,
        );
        for (let sent = 0; sent < SIZE; sent += chunk.length) {
          if (chunked) socket.write(`${chunk.length.toString(16)}\r\n`);
          if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
          if (chunked) socket.write('\r\n');
        }
        if (chunked) socket.write('0\r\n\r\n');
      })();
      const outcome = await Promise.race([sendAll.then(() => 'sent'), failed.then((e) => `failed while sending: ${(e as NodeJS.ErrnoException).code}`)]);
      expect(outcome).toBe('sent');
      let raw = '';
      socket.setEncoding('latin1');
      socket.on('data', (d: string) => (raw += d)); // latin1, set above
      socket.resume();
      const ended = await Promise.race([new Promise((resolve) => socket.once('end', () => resolve('end'))), failed.then((e) => `failed while reading: ${(e as NodeJS.ErrnoException).code}`)]);
      expect(ended).toBe('end');
      socket.destroy();
      expect(raw).toMatch(/^HTTP\/1\.1 413 /);
      expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toEqual({ data: null, error: `Request body is larger than ${BODY_LIMIT} bytes` });
    });

    it('a client that declares 32 MiB and reads only once it has sent all of it (http.request) reads the 413 too, and nothing is stored', async () => {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${url}/api/replies`, { method: 'POST', headers: { ...ws.headers, 'content-type': 'application/json', 'content-length': SIZE } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
          res.on('error', reject);
        });
        req.on('error', reject);
        // busy sending: the answer waits in the socket's receive buffer until the body is out
        req.on('socket', (socket) => socket.pause());
        req.on('finish', () => req.socket?.resume());
        const chunk = Buffer.alloc(SIZE / 64, 'a');
        let written = 0;
        const write = () => {
          while (written < SIZE) {
            written += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', write);
          }
          req.end();
        };
        write();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({ data: null, error: `Request body is larger than ${BODY_LIMIT} bytes` });
      // nothing was stored
      const list = await fetch(`${url}/api/replies`, { headers: ws.headers });
      expect((await list.json()).pagination.total).toBe(0);
    });
  });
}

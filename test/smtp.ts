// A real SMTP server in the test process (smtp-server), and what it received, parsed with
// mailparser. `refuse` decides, per phase, whether to answer with an error code instead.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
  mail: ParsedMail;
}

export interface SmtpPeer {
  url: string;
  port: number;
  received: Received[];
  /** Connections and DATA commands seen, accepted or not. A refusal with code 0 never answers. */
  seen: { connects: number; data: number };
  refuse: { connect?: () => { code: number; message: string } | null; data?: () => { code: number; message: string } | null };
  /** Mail received whose envelope goes to `address`. */
  to(address: string): Received[];
  waitFor(pred: () => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

const smtpError = (r: { code: number; message: string }) => Object.assign(new Error(r.message), { responseCode: r.code });

/** `auth`: the server requires a login with these credentials (a mailbox's own SMTP server). */
export async function startSmtp(opts: number | { port?: number; auth?: { username: string; password: string } } = 0): Promise<SmtpPeer> {
  const { port = 0, auth } = typeof opts === 'number' ? { port: opts } : opts;
  const peer = {
    received: [] as Received[],
    seen: { connects: 0, data: 0 },
    refuse: {} as SmtpPeer['refuse'],
  };
  const server = new SMTPServer({
    authOptional: !auth,
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    onAuth(login, _session, cb) {
      if (auth && login.username === auth.username && login.password === auth.password) return cb(null, { user: login.username });
      cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    logger: false,
    size: 10 * 1024 * 1024,
    onConnect(_session, cb) {
      peer.seen.connects += 1;
      const r = peer.refuse.connect?.();
      cb(r ? smtpError(r) : undefined);
    },
    onData(stream, session, cb) {
      peer.seen.data += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const r = peer.refuse.data?.();
        // code 0: never answer, like a server that hangs after the data
        if (r && r.code === 0) return;
        if (r) return cb(smtpError(r));
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (mail) => {
            peer.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
              mail,
            });
            cb();
          },
          (err) => cb(err),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    ...peer,
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    to: (address) => peer.received.filter((m) => m.to.includes(address)),
    async waitFor(pred, ms = 15_000) {
      const until = Date.now() + ms;
      while (!pred()) {
        if (Date.now() > until) throw new Error('timed out waiting for the SMTP server');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

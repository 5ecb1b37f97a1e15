// A real SMTP server in the test process (smtp-server), and what it received, parsed with
// mailparser. `refuse` decides, per phase, whether to answer with an error code instead. With
// `oauth2` it takes XOAUTH2 logins as Gmail's submission server does: the bearer token must be
// active, and the address's, by the provider's RFC 7662 introspection endpoint (test/oidc.ts);
// otherwise the client is sent the JSON error challenge and then 535, or 454 if the provider
// cannot be asked.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string;
  to: string[];
  raw: string;
  mail: ParsedMail;
  /** When the server took the message as its own (Date.now()), just before answering 250. */
  acceptedAt: number;
}

export interface SmtpPeer {
  url: string;
  port: number;
  received: Received[];
  /** Connections and DATA commands seen, accepted or not. A refusal with code 0 never answers. */
  seen: { connects: number; data: number };
  /** Logins, by mechanism and outcome, e.g. `XOAUTH2 sam@agency.example ok` or `XOAUTH2 sam@agency.example refused`. */
  logins: string[];
  /** Messages received whole and not answered yet (a slow server's). */
  taking: number;
  refuse: { connect?: () => { code: number; message: string } | null; data?: () => { code: number; message: string } | null };
  /** Mail received whose envelope goes to `address`. */
  to(address: string): Received[];
  waitFor(pred: () => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

const smtpError = (r: { code: number; message: string }) => Object.assign(new Error(r.message), { responseCode: r.code });

/** Asks the provider whether `token` is an active access token of `user`'s; throws when it cannot be asked. */
async function tokenIsFor(introspectionUrl: string, user: string, token: string): Promise<boolean> {
  const res = await fetch(introspectionUrl, { method: 'POST', body: new URLSearchParams({ token }), signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`introspection answered ${res.status}`);
  const info = (await res.json()) as { active?: boolean; email?: string };
  return info.active === true && typeof info.email === 'string' && info.email.toLowerCase() === user.toLowerCase();
}

export interface SmtpOptions {
  port?: number;
  /** The server requires a login with these credentials (a mailbox's own SMTP server). */
  auth?: { username: string; password: string };
  /** It requires one, and takes XOAUTH2 with tokens the provider behind `introspectionUrl` vouches for. */
  oauth2?: { introspectionUrl: string };
  /**
   * A slow server: milliseconds between the end of the data and taking the message. The
   * message is taken even when the client has gone meanwhile, as a real MTA that has the whole
   * message does; one cut off in the middle of its data is not.
   */
  delayMs?: () => number;
  /** Runs when the message is taken, before the 250 (a server that files what it sends in Sent). */
  file?: (m: Received) => Promise<void>;
  /** Runs right after the 250 was written. */
  answered?: (m: Received) => void;
  /**
   * At most this many sessions at a time; a connection beyond them waits for its greeting
   * until one ends, as at a server whose processes are all busy.
   */
  sessions?: number;
}

export async function startSmtp(opts: number | SmtpOptions = 0): Promise<SmtpPeer> {
  const { port = 0, auth, oauth2, delayMs, file, answered, sessions } = typeof opts === 'number' ? { port: opts } : opts;
  const admitted = new Set<string>();
  const waiting = new Map<string, () => void>();
  const peer = {
    received: [] as Received[],
    seen: { connects: 0, data: 0 },
    logins: [] as string[],
    taking: 0,
    refuse: {} as SmtpPeer['refuse'],
  };
  const login = !!(auth || oauth2);
  const server = new SMTPServer({
    authOptional: !login,
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authMethods: oauth2 ? ['PLAIN', 'LOGIN', 'XOAUTH2'] : ['PLAIN', 'LOGIN'],
    onAuth(login, _session, cb) {
      const seen = (outcome: string) => peer.logins.push(`${login.method} ${login.username} ${outcome}`);
      if (login.method === 'XOAUTH2' && oauth2) {
        tokenIsFor(oauth2.introspectionUrl, login.username ?? '', login.accessToken ?? '').then(
          (ok) => {
            seen(ok ? 'ok' : 'refused');
            // Gmail's answer: a 334 challenge with this JSON, then 535 after the client's empty line.
            cb(null, ok ? { user: login.username } : { data: { status: '401', schemes: 'bearer', scope: 'https://mail.google.com/' } });
          },
          (err: Error) => {
            seen('unavailable');
            cb(Object.assign(new Error(`4.7.0 Temporary authentication failure (${err.message})`), { responseCode: 454 }));
          },
        );
        return;
      }
      if (auth && login.username === auth.username && login.password === auth.password) {
        seen('ok');
        return cb(null, { user: login.username });
      }
      seen('refused');
      cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    logger: false,
    size: 10 * 1024 * 1024,
    onClose(session) {
      waiting.delete(session.id);
      if (!admitted.delete(session.id)) return;
      const [next] = waiting.values();
      next?.();
    },
    onConnect(session, cb) {
      peer.seen.connects += 1;
      const r = peer.refuse.connect?.();
      if (r) return cb(smtpError(r));
      const admit = () => {
        waiting.delete(session.id);
        admitted.add(session.id);
        cb();
      };
      if (sessions && admitted.size >= sessions) waiting.set(session.id, admit);
      else admit();
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
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        const wait = delayMs ? new Promise((resolve) => setTimeout(resolve, delayMs())) : Promise.resolve();
        peer.taking += 1;
        Promise.all([simpleParser(raw), wait])
          .then(async ([mail]) => {
            const m: Received = { from, to, raw, mail, acceptedAt: Date.now() };
            await file?.(m);
            m.acceptedAt = Date.now();
            peer.received.push(m);
            cb();
            answered?.(m);
          })
          .catch((err: Error) => cb(err))
          .finally(() => (peer.taking -= 1));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // a client that vanishes (a killed worker) resets its connection: a real server logs that
  server.on('error', () => {});
  const actual = (server.server.address() as AddressInfo).port;
  return {
    get taking() {
      return peer.taking;
    },
    logins: peer.logins,
    received: peer.received,
    seen: peer.seen,
    refuse: peer.refuse,
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

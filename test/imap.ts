// A real IMAP server for the tests: Debian's Dovecot (`dovecot-imapd`, installed by .ci/run),
// run as an unprivileged process (as nobody when the tests run as root) on a free port, with a
// passwd-file of its own, its own base_dir and maildirs under a temporary folder. Tests play the
// prospect by appending mail with imapflow. With `oauth2`, it also takes XOAUTH2 and OAUTHBEARER
// logins (Dovecot's oauth2 passdb), asking an RFC 7662 introspection endpoint (test/oidc.ts) whether
// the bearer token is active and whose `email` it is: the address must be the login's.
import { type ChildProcess, spawn, execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';
import { tempDir } from './helpers.ts';

const run = promisify(execFile);
export const DOVECOT = '/usr/sbin/dovecot';
export const DOVEADM = '/usr/bin/doveadm';

export const dovecotInstalled = () => fs.existsSync(DOVECOT);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, ms = 15_000) {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`dovecot did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface Dovecot {
  host: string;
  port: number;
  dir: string;
  /** Adds (or changes the password of) a mailbox user; an address (`sam@agency.example`) may also log in with a token. */
  addUser(user: string, password: string): void;
  /** Appends a raw message to a user's folder as the prospect's mail server would deliver it; answers its UID. */
  append(user: string, raw: string | Buffer, folder?: string): Promise<number>;
  /** A logged-in imapflow client for a user (the test's own; close it), with its password or the given access token. */
  client(user: string, auth?: { accessToken: string }): Promise<ImapFlow>;
  /** Gives the user's folder a new UIDVALIDITY (the server renumbered it). Dovecot is stopped meanwhile. */
  renumber(user: string, folder?: string): Promise<void>;
  /** Stops the server (an outage); start() brings it back on the same port with the same mail. */
  stop(): Promise<void>;
  start(): Promise<void>;
  log(): string;
}

export interface DovecotOAuth2 {
  /** The provider's introspection endpoint (an IP address: Dovecot's auth process resolves no names here). */
  introspectionUrl: string;
  /** The SASL mechanisms offered for tokens; default both. Microsoft's servers offer XOAUTH2 only. */
  mechanisms?: ('xoauth2' | 'oauthbearer')[];
}

/** `idle: false` plays a server without IDLE (its CAPABILITY leaves it out), to be polled. */
export async function startDovecot(opts: { idle?: boolean; oauth2?: DovecotOAuth2 } = {}): Promise<Dovecot> {
  const dir = tempDir('replydesk-dovecot-');
  fs.chmodSync(dir, 0o755);
  for (const sub of ['run', 'state', 'mail', 'home', 'users']) fs.mkdirSync(path.join(dir, sub));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const uid = asRoot ? 65_534 : process.getuid!();
  const gid = asRoot ? 65_534 : process.getgid!();
  const user = asRoot ? 'nobody' : (await run('id', ['-un'])).stdout.trim();
  const group = asRoot ? (await run('id', ['-gn', 'nobody'])).stdout.trim() : (await run('id', ['-gn'])).stdout.trim();
  const passwords = new Map<string, string>();
  const conf = path.join(dir, 'dovecot.conf');
  const oauth = opts.oauth2;
  const tokenMechs = oauth ? (oauth.mechanisms ?? ['xoauth2', 'oauthbearer']).join(' ') : '';
  if (oauth) {
    // Dovecot 2.3's oauth2 passdb settings (PasswordDatabase.oauth2 in dovecot-core's docs): the
    // token goes as `token=…` in a POST; an inactive token, or one for another address, fails.
    fs.writeFileSync(
      path.join(dir, 'oauth2.conf.ext'),
      ['introspection_mode = post', `introspection_url = ${oauth.introspectionUrl}`, 'username_attribute = email', 'active_attribute = active', 'active_value = true', 'timeout_msecs = 5000', ''].join(
        '\n',
      ),
    );
  }
  fs.writeFileSync(
    conf,
    `
base_dir = ${dir}/run
state_dir = ${dir}/state
instance_name = replydesk-${path.basename(dir)}
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login ${tokenMechs}
mail_location = maildir:${dir}/mail/%u
default_login_user = ${user}
default_internal_user = ${user}
default_internal_group = ${group}
first_valid_uid = 1
first_valid_gid = 1
mailbox_idle_check_interval = 1 secs
# an outage (stop) ends the sessions too
shutdown_clients = yes
${opts.idle === false ? 'imap_capability = IMAP4rev1 SASL-IR LOGIN-REFERRALS ID ENABLE LITERAL+ UIDPLUS' : ''}
# a wrong password is answered at once, not after the default two-second penalty
auth_failure_delay = 0
${oauth ? '# why a token was refused, in the log\nauth_verbose = yes' : ''}
service imap-login {
  chroot =
  inet_listener imap {
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
${
  oauth
    ? `  # no growing wait after failed logins from 127.0.0.1 (the tests refuse tokens on purpose):
  # the auth process finds no penalty socket it may use, and keeps no penalty
  unix_listener anvil-auth-penalty {
    mode = 0
  }`
    : ''
}
}
service stats {
  chroot =
}
passdb {
  driver = passwd-file
  ${oauth ? 'mechanisms = plain login' : ''}
  args = scheme=PLAIN username_format=%u ${dir}/users/%u
}
${
  oauth
    ? `passdb {
  driver = oauth2
  mechanisms = ${tokenMechs}
  args = ${dir}/oauth2.conf.ext
}`
    : ''
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/home/%u
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
`,
  );
  // One passwd-file per user, written whole and renamed into place: a login never reads half a
  // file, and a new user's file was never cached by Dovecot.
  const writePasswd = (u: string) => {
    const file = path.join(dir, 'users', u);
    fs.writeFileSync(`${file}.tmp`, `${u}:{PLAIN}${passwords.get(u)}\n`);
    if (asRoot) fs.chownSync(`${file}.tmp`, uid, gid);
    fs.renameSync(`${file}.tmp`, file);
  };
  if (asRoot) await run('chown', ['-R', `${uid}:${gid}`, dir]);

  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(DOVECOT, ['-F', '-c', conf], { uid, gid, stdio: 'ignore' });
    await waitForPort(port);
  };
  const instance = `replydesk-${path.basename(dir)}`;
  /** The processes this Dovecot started (log, stats, imap…): they outlive their master, so they are ended by id. */
  const children = async () => {
    const { stdout } = await run('ps', ['-eo', 'pid=,args=']);
    return stdout
      .split('\n')
      .filter((l) => l.includes(`dovecot-${instance}/`))
      .map((l) => Number(l.trim().split(/\s+/)[0]))
      .filter((pid) => pid > 0);
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (c && c.exitCode === null) {
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGTERM');
      await exited;
    }
    for (const pid of await children()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  await start();

  const client = async (u: string, auth?: { accessToken: string }) => {
    const imap = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      doSTARTTLS: false,
      auth: auth ? { user: u, accessToken: auth.accessToken } : { user: u, pass: passwords.get(u)! },
      logger: false,
      disableAutoIdle: true,
    });
    imap.on('error', () => {});
    await imap.connect();
    return imap;
  };

  return {
    host: '127.0.0.1',
    port,
    dir,
    addUser(u, p) {
      if (!/^[\w.-]+(@[\w.-]+)?$/.test(u)) throw new Error(`a test user name is letters, digits, dots and dashes, or an address of them: ${u}`);
      passwords.set(u, p);
      writePasswd(u);
    },
    async append(u, raw, folder = 'INBOX') {
      const imap = await client(u);
      try {
        const res = await imap.append(folder, raw);
        if (!res || !res.uid) throw new Error('APPEND returned no UID');
        return Number(res.uid);
      } finally {
        await imap.logout();
      }
    },
    client,
    async renumber(u, folder = 'INBOX') {
      await stop();
      // one second later at least, so the new UIDVALIDITY (a timestamp) differs
      await new Promise((r) => setTimeout(r, 1100));
      const box = path.join(dir, 'mail', u, folder === 'INBOX' ? '' : `.${folder}`);
      for (const f of fs.readdirSync(box)) if (f.startsWith('dovecot')) fs.rmSync(path.join(box, f), { recursive: true, force: true });
      await start();
    },
    stop,
    start,
    log: () => (fs.existsSync(path.join(dir, 'dovecot.log')) ? fs.readFileSync(path.join(dir, 'dovecot.log'), 'utf8') : ''),
  };
}

let seq = 0;
/** A prospect's mail as raw RFC 5322 text. */
export function mail(
  o: { from?: string; to?: string; subject?: string; text?: string; messageId?: string | null; inReplyTo?: string; references?: string; headers?: Record<string, string>; date?: Date } = {},
): string {
  seq += 1;
  const id = o.messageId === undefined ? `<m${seq}.${process.pid}.${Date.now()}@prospect.example>` : o.messageId;
  const lines = [
    `From: ${o.from ?? 'Ada Lovelace <ada@prospect.example>'}`,
    `To: ${o.to ?? 'sam@agency.example'}`,
    `Subject: ${o.subject ?? 'Re: Quick question'}`,
    `Date: ${(o.date ?? new Date()).toUTCString()}`,
    ...(id ? [`Message-ID: ${id}`] : []),
    ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`] : []),
    ...(o.references ? [`References: ${o.references}`] : []),
    ...Object.entries(o.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    o.text ?? 'Sounds interesting, send me pricing.',
    '',
  ];
  return lines.join('\r\n');
}

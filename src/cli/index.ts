// `replydesk <command>` (README.md "The replydesk command"). Every command honours
// DATABASE_URL; --json prints the `{data: …}` envelope for programs, otherwise the output is
// for people.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/index.ts';
import { connect, type Db } from '../db/connect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { OutgoingStatus, Plan } from '../db/types.ts';
import { getOutgoing, listOutgoing } from '../mail/queries.ts';
import { OUTGOING_STATUSES } from '../mail/schemas.ts';
import { parsePermissions, PERMISSIONS } from '../workspaces/keys.ts';
import { createApiKey, createWorkspace, getWorkspace, listApiKeys, PLAN_LIMITS, revokeApiKey } from '../workspaces/service.ts';
import { seed } from '../demo/seed.ts';
import type { Role } from '../db/types.ts';
import { createUser, ROLES } from '../dashboard/service.ts';
import { listAllSystemMail } from '../mail/system-queries.ts';
import { COMMAND_LINE, recordChange } from '../audit/service.ts';
// The seed raises events (src/events.ts) like any change: their subscriber must be loaded here too.
import '../webhooks/events.ts';

const USAGE = `Usage: replydesk <command> [options]

  serve                                     start the API, dashboard and worker (npm start)
  worker                                    run only the background job worker
  migrate                                   bring the database to the latest schema
  workspace create --name NAME [--plan starter|growth|scale] [--rate-limit N] [--triage on|off]
                                            a workspace with the nine default categories;
                                            triage on unless --triage off
  key create --workspace ID --name NAME [--permissions LIST]
  key list --workspace ID
  key revoke --workspace ID --id KEY_ID
  user create --email EMAIL --workspace ID [--role owner|admin|member] [--password PASSWORD]
                                            a person who signs in to the dashboard; without
                                            --password, a one-time link to choose one
  mail list --system                        mail the dashboard sent (invitations, password resets)
  seed --workspace ID [--replies N]         load realistic demo data
  mail list [--workspace ID] [--status S] [--limit N]
                                            outgoing mail, newest first (captured, queued, sent, failed)
  mail show --id MESSAGE_ID                 one outgoing mail with its raw MIME
  backup --out FILE [--force]               a consistent copy of the SQLite database, taken while
                                            the server runs (PostgreSQL: prints the pg_dump command)
  restore --from FILE                       a backup into the empty DATABASE_URL path, checked first
                                            (PostgreSQL: prints the pg_restore command)
  export --workspace ID --out DIR [--format jsonl|csv]
                                            a workspace's replies, contacts, categories, clients,
                                            notes and outgoing mail, one file each (never secrets)

Options: --json prints {"data": …} for programs. DATABASE_URL selects the database.
Permissions: ${PERMISSIONS.join(', ')} (default: all).`;

class UsageError extends Error {}

const { values, positionals } = (() => {
  try {
    return parseArgs({
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        plan: { type: 'string' },
        'rate-limit': { type: 'string' },
        triage: { type: 'string' },
        workspace: { type: 'string' },
        permissions: { type: 'string' },
        id: { type: 'string' },
        replies: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        email: { type: 'string' },
        role: { type: 'string' },
        password: { type: 'string' },
        out: { type: 'string' },
        from: { type: 'string' },
        format: { type: 'string' },
        force: { type: 'boolean', default: false },
        system: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    const message = (err as Error).message.split('\n')[0]!;
    if (process.argv.includes('--json')) console.log(JSON.stringify({ data: null, error: message }));
    else console.error(`${(err as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
})();

const json = values.json;
const out = (data: unknown, human: string) => console.log(json ? JSON.stringify({ data }) : human);
const required = (name: keyof typeof values): string => {
  const v = values[name];
  if (typeof v !== 'string' || !v) throw new UsageError(`--${name} is required`);
  return v;
};
const positiveInt = (name: 'rate-limit' | 'replies' | 'limit'): number | undefined => {
  const v = values[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--${name} must be a positive whole number`);
  return n;
};

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = connect(loadConfig().database, { poolSize: 2 });
  try {
    await migrateToLatest(db);
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function run(): Promise<void> {
  const [command, sub] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  switch (`${command}${sub ? ` ${sub}` : ''}`) {
    case 'serve': {
      const { serve } = await import('../main.ts');
      await serve();
      return;
    }
    case 'worker': {
      const { runWorker } = await import('../main.ts');
      await runWorker();
      return;
    }
    case 'migrate': {
      const db = connect(loadConfig().database, { poolSize: 1 });
      try {
        const applied = await migrateToLatest(db);
        out({ applied }, applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
      } finally {
        await db.close();
      }
      return;
    }
    case 'workspace create': {
      const name = required('name');
      const plan = (values.plan ?? 'starter') as Plan;
      if (!(plan in PLAN_LIMITS)) throw new UsageError(`--plan must be one of ${Object.keys(PLAN_LIMITS).join(', ')}`);
      const triage = values.triage ?? 'on';
      if (triage !== 'on' && triage !== 'off') throw new UsageError('--triage must be on or off');
      const ws = await withDb((db) => createWorkspace(db, { name, plan, rateLimit: positiveInt('rate-limit'), triage: triage === 'on' }));
      out(
        { id: ws.id, name: ws.name, plan: ws.plan, ...(ws.rate_limit !== null && { rate_limit: ws.rate_limit }) },
        `Workspace ${ws.name} created: ${ws.id} (plan ${ws.plan}, ${ws.rate_limit ?? PLAN_LIMITS[ws.plan]} requests/minute, triage ${triage})`,
      );
      return;
    }
    case 'key create': {
      const workspaceId = required('workspace');
      const name = required('name');
      let permissions;
      try {
        permissions = values.permissions ? parsePermissions(values.permissions) : undefined;
      } catch (err) {
        throw new UsageError((err as Error).message);
      }
      const key = await withDb(async (db) => {
        const made = await createApiKey(db, { workspaceId, name, permissions });
        await recordChange(db, { workspaceId, actor: COMMAND_LINE, action: 'api_key.created', targetId: made.id, details: { fields: ['name', 'permissions'] } });
        return made;
      });
      out(
        { id: key.id, name: key.name, key: key.key, permissions: key.permissions },
        `API key "${key.name}" created (id ${key.id}).\nPermissions: ${key.permissions.join(', ')}\n\n  ${key.key}\n\nCopy it now: it is shown only once and stored only as a hash.`,
      );
      return;
    }
    case 'key list': {
      const workspaceId = required('workspace');
      const keys = await withDb((db) => listApiKeys(db, workspaceId));
      out(
        keys,
        keys.length
          ? keys.map((k) => `${k.id}  ${k.prefix}…  ${k.name}  [${k.permissions.join(',')}]  ${k.revoked_at ? `revoked ${k.revoked_at}` : `last used ${k.last_used_at ?? 'never'}`}`).join('\n')
          : 'No keys.',
      );
      return;
    }
    case 'key revoke': {
      const workspaceId = required('workspace');
      const id = required('id');
      const revoked = await withDb(async (db) => {
        const done = await revokeApiKey(db, workspaceId, id);
        if (done) await recordChange(db, { workspaceId, actor: COMMAND_LINE, action: 'api_key.revoked', targetId: id });
        return done;
      });
      if (!revoked) throw new Error(`No active key ${id} in workspace ${workspaceId}`);
      out({ id, revoked: true }, `Key ${id} revoked.`);
      return;
    }
    case 'user create': {
      const email = required('email');
      const workspaceId = required('workspace');
      const role = (values.role ?? 'owner') as Role;
      if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      const config = loadConfig();
      const user = await withDb(async (db) => {
        if (!(await getWorkspace(db, workspaceId))) throw new Error(`No workspace with id ${workspaceId}`);
        return createUser(db, { email, workspaceId, role, password: values.password }, config.publicUrl);
      });
      const { password_link: link, ...data } = user;
      out(link ? { ...data, password_link: link } : data, `User ${user.email} is ${user.role} of workspace ${workspaceId} (id ${user.id}).${link ? `\nChoose a password within a week: ${link}` : ''}`);
      return;
    }
    case 'seed': {
      const workspaceId = required('workspace');
      const summary = await withDb((db) => seed(db, workspaceId, { replies: positiveInt('replies') ?? 300 }));
      out(summary, `Seeded workspace ${workspaceId}: ${summary.categories} categories, ${summary.clients} clients, ${summary.replies} replies from ${summary.contacts} contacts.`);
      return;
    }
    case 'mail list': {
      if (values.system) {
        const rows = await withDb((db) => listAllSystemMail(db.read, positiveInt('limit') ?? 50));
        out(
          rows,
          rows.length ? rows.map((m) => `${m.created_at}  ${m.status.padEnd(8)}  ${m.kind.padEnd(14)}  ${m.to_address}  "${m.subject}"\n${m.text}\n`).join('\n') : 'No mail sent by the dashboard.',
        );
        return;
      }
      const status = values.status as OutgoingStatus | undefined;
      if (status !== undefined && !(OUTGOING_STATUSES as readonly string[]).includes(status)) {
        throw new UsageError(`--status must be one of ${OUTGOING_STATUSES.join(', ')}`);
      }
      const rows = await withDb((db) => listOutgoing(db.read, { workspaceId: values.workspace, status, limit: positiveInt('limit') ?? 50 }));
      const data = rows.map((r) => ({ ...r, to: JSON.parse(r.to_addresses) as string[], to_addresses: undefined }));
      out(
        data,
        data.length
          ? data
              .map(
                (m) =>
                  `${m.created_at}  ${m.status.padEnd(8)}  ${m.kind.padEnd(7)}  ${m.to.join(', ')}  "${m.subject}"  ${m.message_id}${m.last_error ? `  error: ${m.last_error}` : ''}  (id ${m.id})`,
              )
              .join('\n')
          : 'No outgoing mail.',
      );
      return;
    }
    case 'mail show': {
      const id = required('id');
      const row = await withDb((db) => getOutgoing(db.read, id));
      if (!row) throw new Error(`No outgoing mail with id ${id}`);
      out({ ...row, to: JSON.parse(row.to_addresses) as string[] }, `${row.status} ${row.kind} ${row.created_at}${row.last_error ? `\nerror: ${row.last_error}` : ''}\n\n${row.raw}`);
      return;
    }
    case 'backup': {
      const { backup, secretKeyNote } = await import('./backup.ts');
      const config = loadConfig();
      const r = await backup(config.database, required('out'), { force: values.force });
      out(r, `Backed up to ${r.file} (${(r.bytes / 1048576).toFixed(1)} MiB, ${r.bytes} bytes), migration ${r.migration}.\n${secretKeyNote(config.database, !!config.secretKey)}`);
      return;
    }
    case 'restore': {
      const { restore, secretKeyNote } = await import('./backup.ts');
      const config = loadConfig();
      const r = restore(config.database, required('from'));
      const behind = r.behind.length ? `\n${r.behind.length} migration(s) behind this code (${r.behind.join(', ')}): replydesk migrate (or serve) brings it up.` : '';
      out(r, `Restored into ${r.file}: integrity ok, migration ${r.migration}.${behind}\n${secretKeyNote(config.database, !!config.secretKey)}`);
      return;
    }
    case 'export': {
      const { exportWorkspace, EXPORT_FORMATS } = await import('./export.ts');
      const format = values.format ?? 'jsonl';
      if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be one of ${EXPORT_FORMATS.join(', ')}`);
      const [workspaceId, dir] = [required('workspace'), required('out')];
      // the garbage of a million rows collected as the server's is (docs/deploy.md "Export")
      (await import('../heap.ts')).limitHeapGrowth(loadConfig().heapGrowthPercent);
      const r = await withDb((db) => exportWorkspace(db, { workspaceId, dir, format: format as 'jsonl' | 'csv', progress: process.stderr.isTTY ? process.stderr : null }));
      out(r, `Exported workspace ${workspaceId} to ${r.dir}:\n${r.files.map((f) => `  ${f.file}  ${f.rows} rows`).join('\n')}`);
      return;
    }
    default:
      throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
  }
}

run().catch((err: unknown) => {
  const message = err instanceof ConfigError || err instanceof Error ? err.message : String(err);
  if (json) console.log(JSON.stringify({ data: null, error: message }));
  else console.error(err instanceof UsageError ? `${message}\n\n${USAGE}` : `Error: ${message}`);
  process.exit(err instanceof UsageError ? 2 : 1);
});

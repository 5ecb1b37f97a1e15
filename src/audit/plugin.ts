// The audit log's writer (docs/dashboard.md "Audit log"). A route that changes who or what can
// act for a workspace says so in its config — `audit: {action, target}` — and once it has
// succeeded (a 2xx answer) this records who did it (request.actor), what, to which id, and the
// names of the fields it changed (never their values, which may be secrets; a member's new
// role and a retention's days are kept). The entry is written before the answer is sent, so a change a
// client was told about is in the log.
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/connect.ts';
import { REPLAYED_HEADER } from '../idempotency/plugin.ts';
import { recordChange } from './service.ts';

export interface AuditAction {
  /** e.g. `api_key.created`, `member.role_changed`, `mailbox.removed`, `webhook.changed` */
  action: string;
  /** Where the changed thing's id is: the path's `:id`, or the answer's `data.id`. */
  target: 'path' | 'answer';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Record a successful request in the audit log (src/audit/plugin.ts). */
    audit?: AuditAction;
  }
}

/** Body fields whose value is kept in the entry, not only their name. */
const KEPT_VALUES = new Set(['role', 'days']);

function answerId(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

function details(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const fields = Object.keys(body).sort();
  const kept = Object.fromEntries(fields.filter((f) => KEPT_VALUES.has(f)).map((f) => [f, (body as Record<string, unknown>)[f]]));
  return fields.length ? { fields, ...kept } : {};
}

export const auditPlugin = fp<{ db: Db }>(async (app, { db }) => {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const audit = request.routeOptions.config?.audit;
    // a stored answer sent again for the same Idempotency-Key (idempotency/plugin.ts) changed nothing
    if (!audit || reply.statusCode < 200 || reply.statusCode >= 300 || reply.getHeader(REPLAYED_HEADER)) return payload;
    const targetId = audit.target === 'path' ? ((request.params as { id?: string }).id ?? null) : answerId(payload);
    await recordChange(db, { workspaceId: request.workspaceId, actor: request.actor, action: audit.action, targetId, details: details(request.body) });
    return payload;
  });
});

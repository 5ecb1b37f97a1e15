// What the dashboard-only routes (routes.ts) answer. The routes stay hidden from the public API
// document; `npm run generate:web` (bin/openapi.ts) builds the dashboard's own document with
// them, and these schemas become the dashboard's types (docs/dashboard.md "Types"). Each named
// answer carries an $id, so it is one type there (Session, Member…), not a copy per route.
import { Type } from '@sinclair/typebox';
import { OAUTH_PROVIDERS } from '../mailboxes/schemas.ts';
import { OUTGOING_STATUSES } from '../mail/schemas.ts';
import { Nullable } from '../http/schemas.ts';
import { PERMISSIONS } from '../workspaces/keys.ts';
import { PLANS } from '../workspaces/service.ts';
import { ROLES } from './service.ts';

const Timestamp = Type.String({ format: 'date-time' });
const oneOf = <T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });
/**
 * A string from a known set where the services that build the answer type it as any string:
 * the set is in the schema, so in the dashboard's types, and the route still type-checks.
 */
const oneOfStrings = (values: readonly string[]) => Type.Unsafe<string>({ type: 'string', enum: [...values] });

export const RoleSchema = oneOf(ROLES);
export const PermissionSchema = oneOf(PERMISSIONS);

export const SetupStatus = Type.Object({ setup_required: Type.Boolean({ description: 'True while no user exists.' }) }, { $id: 'SetupStatus' });

export const Session = Type.Object(
  {
    user: Type.Object({ id: Type.String(), email: Type.String() }),
    workspace: Type.Object({ id: Type.String(), name: Type.String(), plan: oneOfStrings(PLANS), role: RoleSchema }),
    workspaces: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), role: RoleSchema }), { description: 'Every workspace the person is in.' }),
    permissions: Type.Array(PermissionSchema, { description: 'What the role may do, as key permissions.' }),
    csrf_token: Type.String({ description: 'Sent back as X-CSRF-Token on every change made with the cookie.' }),
  },
  { $id: 'Session' },
);

export const WorkspaceInfo = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    plan: oneOf(PLANS),
    rate_limit: Type.Integer({ description: 'Requests per minute.' }),
    rate_limit_remaining: Nullable(Type.Integer({ description: 'Requests left in this minute after this one.' })),
    mailbox_sign_in: Type.Array(oneOfStrings(OAUTH_PROVIDERS), { description: 'The providers a mailbox can be connected with by signing in.' }),
    time_zone: Type.String({ description: "The IANA zone whose Monday the clients' weekly reports go out on." }),
  },
  { $id: 'WorkspaceInfo' },
);

const keyFields = {
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  permissions: Type.Array(oneOfStrings(PERMISSIONS)),
  created_at: Timestamp,
};
export const ApiKey = Type.Object({ ...keyFields, last_used_at: Nullable(Timestamp) }, { $id: 'ApiKey' });
export const NewApiKey = Type.Object({ ...keyFields, key: Type.String({ description: 'The key itself, shown in this answer only.' }) }, { $id: 'NewApiKey' });

export const Member = Type.Object(
  {
    user_id: Nullable(Type.String({ description: 'Null for an invitation not yet accepted.' })),
    email: Type.String(),
    role: RoleSchema,
    status: oneOf(['active', 'invited'] as const),
    created_at: Timestamp,
  },
  { $id: 'Member' },
);

export const Invitation = Type.Object(
  { email: Type.String(), role: RoleSchema, status: Type.Literal('invited'), invite_url: Type.String({ description: 'The link mailed to the address, shown to the inviter once.' }) },
  { $id: 'Invitation' },
);

export const OutboxMail = Type.Object(
  {
    id: Type.String(),
    kind: oneOfStrings(['reply', 'forward', 'invite', 'password-reset', 'weekly-report']),
    to: Type.String({ description: 'The recipients, comma-separated.' }),
    subject: Type.String(),
    status: oneOf(OUTGOING_STATUSES),
    error: Nullable(Type.String()),
    created_at: Timestamp,
  },
  { $id: 'OutboxMail' },
);

/** What a person is doing with a reply (POST /dashboard/api/presence): it is open on their screen, they are writing its answer, or they closed it. */
export const PresenceState = Type.Unsafe<'viewing' | 'typing' | 'left'>({ type: 'string', enum: ['viewing', 'typing', 'left'] });

/** One entry of Settings → Audit log (GET /dashboard/api/audit). */
export const AuditEntry = Type.Object(
  {
    id: Type.String(),
    created_at: Timestamp,
    actor: Type.Object({ type: Type.String(), id: Nullable(Type.String()), name: Type.String() }),
    action: Type.String({
      description:
        'api_key.created, api_key.revoked, member.role_changed, member.removed, mailbox.connected, mailbox.changed, mailbox.removed, webhook.created, webhook.changed, webhook.secret_rotated, webhook.deleted, contact.erased or retention.changed',
    }),
    target_id: Nullable(Type.String()),
    details: Type.Object(
      { fields: Type.Optional(Type.Array(Type.String())), role: Type.Optional(Type.String()), days: Type.Optional(Nullable(Type.Integer())) },
      { description: "The names of the fields changed (never their values), a member's new role and a retention's days." },
    ),
  },
  { $id: 'AuditEntry' },
);

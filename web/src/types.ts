// The server's answers as the dashboard uses them: names for types generated from the
// dashboard's OpenAPI document (web/generated/, `npm run generate:web`; docs/architecture.md
// "The dashboard"). Nothing here is written by hand: a change on the server changes these types,
// and a stale generation fails test/web-types.test.ts.
import type { components, paths, webhooks } from '../generated/openapi.ts';

export { KEY_PERMISSIONS, WEBHOOK_EVENTS } from '../generated/values.ts';

type Schemas = components['schemas'];
type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Success<O> = O extends { responses: infer R } ? R[Extract<keyof R, 200 | 201 | 202>] : never;

type Json<P extends keyof paths, M extends Method> = Success<Operation<P, M>> extends { content: { 'application/json': infer J } } ? J : never;

/** The `data` a successful `method path` answers. */
export type Answer<P extends keyof paths, M extends Method = 'get'> = Json<P, M> extends { data: infer D } ? D : never;
/** The JSON body `method path` takes. */
export type Body<P extends keyof paths, M extends Method> = Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The `data` of an event (docs/webhooks.md); the live stream carries the same. */
export type EventData<E extends keyof webhooks> = NonNullable<webhooks[E]['post']>['requestBody']['content']['application/json']['data'];

// The dashboard's own routes (/dashboard/api, docs/dashboard.md)
export type Session = Schemas['Session'];
export type Role = Session['workspace']['role'];
export type WorkspaceInfo = Schemas['WorkspaceInfo'];
export type ApiKey = Schemas['ApiKey'];
export type NewApiKey = Schemas['NewApiKey'];
export type Member = Schemas['Member'];
export type Invitation = Schemas['Invitation'];
export type OutboxMail = Schemas['OutboxMail'];
export type AuditEntry = Schemas['AuditEntry'];

// The public API (docs/api.md)
export type Pagination = Json<'/api/replies', 'get'> extends { pagination: infer G } ? G : never;
export type ReplyListItem = Schemas['ReplyListItem'];
export type ReplyDetail = Schemas['ReplyDetail'];
export type ReplyStatus = ReplyListItem['status'];
export type OutgoingMessage = Schemas['OutgoingMessage'];
export type CategorySummary = NonNullable<ReplyListItem['category']>;
export type TriageDecision = NonNullable<ReplyDetail['triage']>;
export type Assignee = NonNullable<ReplyListItem['assignee']>;
export type ReplyNote = Schemas['ReplyNote'];
export type ReplyActivity = ReplyDetail['activity'][number];
/** Who did something to a reply: a person, an API key, triage, a mailbox or Replydesk itself. */
export type Actor = ReplyActivity['actor'];
/** Someone a reply can be assigned to (GET /api/members). */
export type TeamMember = Answer<'/api/members'>[number];
export type ReplyPatch = Body<'/api/replies/{id}', 'patch'>;
export type Category = Answer<'/api/categories'>[number];
export type Client = Answer<'/api/clients'>[number];
export type Connection = Schemas['Connection'];
export type ContactListItem = Schemas['ContactListItem'];
export type ContactDetail = Schemas['ContactDetail'];
export type TriageSettings = Schemas['TriageSettings'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookDelivery = Schemas['WebhookDelivery'];

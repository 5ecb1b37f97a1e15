// @replydesk/client: the typed client for the Replydesk API.
export { Replydesk, ReplydeskError, Paged } from './client.ts';
export type { Answer, ClientOptions, Groups, Method, OperationId, RequestOptions, Result } from './client.ts';
export { verifyWebhook, WebhookVerificationError } from './webhooks.ts';
export type { HeadersLike, WebhookEvent, WebhookEventOf } from './webhooks.ts';
export { API_VERSION, OPERATIONS } from './generated/operations.ts';
export type { components, operations, paths, webhooks } from './generated/openapi.ts';

import type { components } from './generated/openapi.ts';
type Schemas = components['schemas'];
/** A reply as `replies.get` and `replies.create` return it (with client, contact, thread). */
export type Reply = Schemas['ReplyDetail'];
/** A reply as `replies.list` gives it. */
export type ReplyListItem = Schemas['ReplyListItem'];
/** A contact as `contacts.get` returns it (with their replies). */
export type Contact = Schemas['ContactDetail'];
/** A contact as `contacts.list` gives it. */
export type ContactListItem = Schemas['ContactListItem'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
/** Every error answer: `{data: null, error}`; ReplydeskError carries it. */
export type ErrorBody = Schemas['ErrorBody'];

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Db } from '../db/connect.ts';
import { errorResponses, IdParams, list, page, PageQuery, pagination, single } from '../http/schemas.ts';
import { CreateEndpointBody, Delivery, DeliveryParams, Endpoint, EndpointWithSecret, ListDeliveriesQuery, PatchEndpointBody, RecoverBody, RecoverResult, TestResult } from './schemas.ts';
import * as service from './service.ts';

const config = { permission: 'webhooks:manage' as const };
const tags = ['Webhooks'];

export const webhookRoutes: FastifyPluginAsyncTypebox<{ db: Db; settings: service.WebhookSettings }> = async (app, { db, settings }) => {
  app.post(
    '/api/webhooks',
    {
      config: { ...config, audit: { action: 'webhook.created', target: 'answer' } },
      schema: {
        tags,
        summary: 'Register a webhook endpoint',
        description: 'The answer carries the signing secret (whsec_…) once; it is never shown again.',
        body: CreateEndpointBody,
        response: { 201: single(EndpointWithSecret), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.createEndpoint(db, settings, request.workspaceId, request.body);
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/api/webhooks',
    {
      config,
      schema: { tags, summary: 'List webhook endpoints, oldest first', querystring: Type.Object(PageQuery), response: { 200: list(Type.Ref(Endpoint)), ...errorResponses(400, 401, 403, 429) } },
    },
    async (request) => {
      const { limit, offset } = page(request.query.limit, request.query.offset);
      const { items, total } = await service.listEndpoints(db, request.workspaceId, { limit, offset });
      return { data: items, pagination: pagination(total, limit, offset) };
    },
  );

  app.get(
    '/api/webhooks/:id',
    {
      config,
      schema: { tags, summary: 'Read one webhook endpoint', params: IdParams, response: { 200: single(Type.Ref(Endpoint)), ...errorResponses(401, 403, 404, 429) } },
    },
    async (request) => ({ data: await service.getEndpoint(db, request.workspaceId, request.params.id) }),
  );

  app.patch(
    '/api/webhooks/:id',
    {
      config: { ...config, audit: { action: 'webhook.changed', target: 'path' } },
      schema: {
        tags,
        summary: 'Change url, events, description or enabled',
        description: 'Enabling a disabled endpoint clears its disabled reason and failure streak.',
        params: IdParams,
        body: PatchEndpointBody,
        response: { 200: single(Type.Ref(Endpoint)), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: await service.updateEndpoint(db, settings, request.workspaceId, request.params.id, request.body) }),
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config: { ...config, audit: { action: 'webhook.deleted', target: 'path' } },
      schema: { tags, summary: 'Delete a webhook endpoint and its delivery log', params: IdParams, response: { 204: Type.Null(), ...errorResponses(401, 403, 404, 429) } },
    },
    async (request, reply) => {
      await service.deleteEndpoint(db, request.workspaceId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/webhooks/:id/rotate-secret',
    {
      config: { ...config, audit: { action: 'webhook.secret_rotated', target: 'path' } },
      schema: {
        tags,
        summary: 'Rotate the signing secret',
        description: 'The new secret is shown once. For 24 hours deliveries carry two v1 signatures, one per secret.',
        params: IdParams,
        response: { 200: single(EndpointWithSecret), ...errorResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ data: await service.rotateSecret(db, settings, request.workspaceId, request.params.id) }),
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config,
      schema: {
        tags,
        summary: 'Delivery log, newest first, each with its attempts',
        params: IdParams,
        querystring: ListDeliveriesQuery,
        response: { 200: list(Type.Ref(Delivery)), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const { limit, offset } = page(request.query.limit, request.query.offset);
      const { items, total } = await service.listDeliveries(db, request.workspaceId, request.params.id, { status: request.query.status, limit, offset });
      return { data: items, pagination: pagination(total, limit, offset) };
    },
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/retry',
    {
      config,
      schema: {
        tags,
        summary: 'Send one delivery again now',
        params: DeliveryParams,
        response: { 202: single(Type.Object({ delivery_id: Type.String(), event_id: Type.String() })), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.retryDelivery(db, request.workspaceId, request.params.id, request.params.deliveryId);
      return reply.code(202).send({ data });
    },
  );

  app.post(
    '/api/webhooks/:id/recover',
    {
      config,
      schema: {
        tags,
        summary: 'Re-send every failed delivery since a time',
        params: IdParams,
        body: RecoverBody,
        response: { 202: single(RecoverResult), ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.recover(db, request.workspaceId, request.params.id, request.body.since);
      return reply.code(202).send({ data });
    },
  );

  app.post(
    '/api/webhooks/:id/test',
    {
      config,
      schema: {
        tags,
        summary: 'Send a webhook.test event to this endpoint',
        params: IdParams,
        response: { 202: single(TestResult), ...errorResponses(401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const data = await service.sendTestEvent(db, request.workspaceId, request.params.id);
      return reply.code(202).send({ data });
    },
  );
};

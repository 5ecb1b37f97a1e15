// Examples of the clients' operations (tag Clients): openapi/examples/index.ts.
import { client, one, type OperationExamples, page, single } from './samples.ts';

export const CLIENT_EXAMPLES: Record<string, OperationExamples> = {
  listClients: {
    ok: { 200: one('A page of clients', page([client])) },
    errors: { 400: ['limit must be at least 1'] },
  },
  createClient: {
    body: one('A client', { name: client.name, service_description: client.service_description }),
    ok: { 201: one('The new client', single(client)) },
    errors: { 400: ['name must not be empty'] },
  },
  updateClient: {
    body: one('A new service description', { service_description: 'Done-for-you cold email and LinkedIn outreach for B2B SaaS.' }),
    ok: { 200: one('The client after the change', single({ ...client, service_description: 'Done-for-you cold email and LinkedIn outreach for B2B SaaS.' })) },
    errors: { 400: ['Nothing to update: give at least one of name, service_description', 'name must not be empty'] },
  },
  deleteClient: { ok: {} },
};

// Examples of the clients' operations (tag Clients): openapi/examples/index.ts.
import { client as sample, one, type OperationExamples, page, single } from './samples.ts';
import { Errors } from '../../errors.ts';

const client = { ...sample, round_robin: [] as string[], weekly_report_to: ['founder@acme.example'] };
const MEMBERS = ['01a21dbf-ee52-7000-9b1a-e80f449c11b2', '01a21dbf-f0a1-7000-8c3d-2b7e5f9a1c44'];

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
    body: {
      ...one('A new service description', { service_description: 'Done-for-you cold email and LinkedIn outreach for B2B SaaS.' }),
      ...one('New replies assigned in turn to two members', { round_robin: MEMBERS }),
      ...one('Its weekly report to the client', { weekly_report_to: ['founder@acme.example', 'cmo@acme.example'] }),
    },
    ok: {
      200: {
        ...one('The client after the change', single({ ...client, service_description: 'Done-for-you cold email and LinkedIn outreach for B2B SaaS.' })),
        ...one('Assigning in turn', single({ ...client, round_robin: MEMBERS })),
      },
    },
    errors: { 400: ['Nothing to update: give at least one of name, service_description, round_robin, weekly_report_to', 'name must not be empty', Errors.InvalidRoundRobin().message] },
  },
  deleteClient: { ok: {} },
};

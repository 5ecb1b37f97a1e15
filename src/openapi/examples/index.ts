// Every example of the OpenAPI document, keyed by operationId (openapi/document.ts puts them
// into the document), assembled from one file per resource group. A few sample resources are
// written once (samples.ts) and every answer is built from them. Error messages are taken from
// errors.ts, so an example can never drift from what the server says. The Redocly linter
// (test/openapi-lint.test.ts) checks each example against its schema, extra fields included;
// test/openapi.test.ts fails when an operation lacks an example for its request body or any
// 2xx or 4xx answer.
import { CATEGORY_EXAMPLES } from './categories.ts';
import { CLIENT_EXAMPLES } from './clients.ts';
import { CONNECTION_EXAMPLES } from './connections.ts';
import { CONTACT_EXAMPLES } from './contacts.ts';
import { REPLY_EXAMPLES } from './replies.ts';
import { REPORT_EXAMPLES } from './reports.ts';
import type { OperationExamples } from './samples.ts';
import { WEBHOOK_EXAMPLES } from './webhooks.ts';

export type { Example, Examples, OperationExamples } from './samples.ts';
export { defaultErrors } from './errors.ts';
export { EVENT_EXAMPLES } from './events.ts';

export const OPERATION_EXAMPLES: Record<string, OperationExamples> = {
  ...REPLY_EXAMPLES,
  ...CONTACT_EXAMPLES,
  ...CATEGORY_EXAMPLES,
  ...CLIENT_EXAMPLES,
  ...CONNECTION_EXAMPLES,
  ...WEBHOOK_EXAMPLES,
  ...REPORT_EXAMPLES,
};

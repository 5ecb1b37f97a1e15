// Examples of the contacts' operations (tag Contacts): openapi/examples/index.ts.
import { ERASE_REQUIRED } from '../../contacts/erase.ts';
import { Errors } from '../../errors.ts';
import { contactDetail, contactListItem, one, type OperationExamples, page, single } from './samples.ts';

export const CONTACT_EXAMPLES: Record<string, OperationExamples> = {
  listContacts: {
    ok: { 200: one('A page of contacts', page([contactListItem], true)) },
    errors: { 400: ['limit must be an integer', Errors.UnknownQueryParameter('query', ['q', 'cursor', 'limit', 'offset']).message] },
  },
  getContact: { ok: { 200: one('A contact with their replies', single(contactDetail)) } },
  updateContact: {
    body: one('A person allows sends again', { do_not_contact: false }),
    ok: { 200: one('The contact after the change', single(contactDetail)) },
    errors: { 400: ['Nothing to update: give do_not_contact or bouncing', 'do_not_contact must be a boolean'] },
  },
  eraseContact: { ok: {}, errors: { 400: [ERASE_REQUIRED, 'erase must be true'] } },
};

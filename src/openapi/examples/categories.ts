// Examples of the categories' operations (tag Categories) and of the triage settings that sort
// replies into them: openapi/examples/index.ts.
import { Errors } from '../../errors.ts';
import { category, CATEGORY_ID, one, type OperationExamples, page, single, triageSettings } from './samples.ts';

export const CATEGORY_EXAMPLES: Record<string, OperationExamples> = {
  listReplyTemplates: {
    ok: {
      200: one(
        'The templates filled in for Ada',
        single([
          { category_id: CATEGORY_ID, name: 'Interested', text: 'Hi Ada,\n\nThanks for getting back to me, glad this caught your interest.\n\nSam Carter\nBrightpath Agency' },
          { category_id: null, name: 'Plain reply', text: 'Hi Ada,\n\nThanks for your reply.\n\nSam Carter\nBrightpath Agency' },
        ]),
      ),
    },
    errors: { 404: [Errors.ReplyNotFound().message] },
  },
  getRetention: { ok: { 200: one('Replies are kept for a year', single({ days: 365 })) } },
  updateRetention: {
    body: one('Keep replies for 90 days', { days: 90 }),
    ok: { 200: one('The setting after the change', single({ days: 90 })) },
    errors: { 400: ['days must be at least 1', 'days is required'] },
  },
  getTriage: { ok: { 200: one("The workspace's triage settings", single(triageSettings)) } },
  updateTriage: {
    body: one('Turn triage on and sign drafts', { enabled: true, sender_name: 'Sam Carter', signature: 'Sam Carter\nBrightpath Agency' }),
    ok: { 200: one('The settings after the change', single({ ...triageSettings, sender_name: 'Sam Carter', signature: 'Sam Carter\nBrightpath Agency' })) },
    errors: { 400: ['Nothing to update: give at least one of enabled, instructions, sender_name, signature', 'enabled must be a boolean'] },
  },
  listCategories: {
    ok: { 200: one('A page of categories', page([category])) },
    errors: { 400: ['limit must be at least 1'] },
  },
  createCategory: {
    body: one('A positive category', { name: 'Interested', color: '#22c55e', is_positive: true }),
    ok: { 201: one('The new category', single(category)) },
    errors: { 400: ['color has an invalid format'], 409: [Errors.CategoryExists('Interested').message] },
  },
  updateCategory: {
    body: {
      ...one('Rename', { name: 'Hot lead' }),
      ...one('Recolour and mark as good news', { color: '#16a34a', is_positive: true }),
      ...one('Triage drafts replies for it, from this template', { drafts: true, template: 'Hi {{first_name}},\n\nThanks for getting back to me.\n\n{{signature}}' }),
    },
    ok: { 200: one('The category after the change', single({ ...category, name: 'Hot lead' })) },
    errors: {
      400: [
        'Nothing to update: give at least one of name, color, is_positive, drafts, template',
        'color has an invalid format',
        'template: unknown variable(s) {{firstname}}; use {{first_name}}, {{last_name}}, {{company}}, {{client_name}}, {{service_description}}, {{sender_name}}, {{signature}}',
      ],
      409: [Errors.CategoryExists('Hot lead').message],
    },
  },
  deleteCategory: { ok: {} },
};

// A reply's history in the dashboard's words (web/src/features/inbox/history.ts; docs/dashboard.md
// "The team's inbox"): each action and actor, and the names of categories and members that are
// gone. The browser test (test/e2e/team.test.ts) reads a few of these lines in the page.
import { describe as group, expect, it } from 'vitest';
import { describe, type Names } from '../web/src/features/inbox/history.ts';
import type { ReplyActivity } from '../web/src/types.ts';

const ana = { type: 'user' as const, id: 'u-ana', name: 'Ana' };
const names: Names = {
  category: (id) => ({ hot: 'Interested', cold: 'Not interested' })[id],
  member: (id) => ({ 'u-ana': 'Ana', 'u-ben': 'Ben' })[id],
  client: (id) => ({ acme: 'Acme Outbound' })[id],
};
const entry = (e: Partial<ReplyActivity> & Pick<ReplyActivity, 'action'>): ReplyActivity => ({ at: '2026-01-05T09:40:00.000Z', actor: ana, ...e });
const say = (e: Partial<ReplyActivity> & Pick<ReplyActivity, 'action'>) => describe(entry(e), names);

group("a reply's history in words", () => {
  it('names who assigned whom, and a member who has left', () => {
    expect(say({ action: 'assignee', from: null, to: 'u-ben' })).toBe('Ana assigned this to Ben');
    expect(say({ action: 'assignee', from: null, to: 'u-ana' })).toBe('Ana assigned this to themselves');
    expect(say({ action: 'assignee', from: 'u-ben', to: 'u-ana' })).toBe('Ana reassigned this from Ben to Ana');
    expect(say({ action: 'assignee', from: 'u-gone', to: null })).toBe('Ana unassigned this from a former member');
  });

  it('names categories, and one deleted since', () => {
    expect(say({ action: 'category', actor: { type: 'triage', id: null, name: 'Triage' }, from: null, to: 'hot' })).toBe('Triage set the category to Interested');
    expect(say({ action: 'category', from: 'hot', to: 'cold' })).toBe('Ana changed the category from Interested to Not interested');
    expect(say({ action: 'category', from: 'hot', to: null })).toBe('Ana removed the category Interested');
    expect(say({ action: 'category', from: 'gone', to: 'hot' })).toBe('Ana changed the category from a deleted category to Interested');
    expect(say({ action: 'category', from: 'gone', to: null })).toBe('Ana removed a deleted category');
  });

  it('names clients, and one deleted since', () => {
    expect(say({ action: 'client', from: null, to: 'acme' })).toBe('Ana set the client to Acme Outbound');
    expect(say({ action: 'client', from: 'gone', to: 'acme' })).toBe('Ana changed the client from a deleted client to Acme Outbound');
    expect(say({ action: 'client', from: 'acme', to: null })).toBe('Ana removed the client Acme Outbound');
  });

  it('says the steps of an answer sent later: scheduled, held, cancelled', () => {
    expect(say({ action: 'schedule', to: '2026-01-06T08:00:00.000Z' })).toMatch(/^Ana scheduled the answer for \S/);
    expect(say({ action: 'hold', actor: { type: 'system', id: null, name: 'Replydesk' }, to: 'Held: ada@analytical.example wrote again after this was scheduled.' })).toBe(
      'Replydesk held the scheduled answer (ada@analytical.example wrote again after this was scheduled)',
    );
    expect(say({ action: 'cancel' })).toBe('Ana cancelled the scheduled answer');
  });

  it('says statuses, snoozes, drafts, sends, forwards and notes', () => {
    expect(say({ action: 'status', from: 'pending', to: 'ready' })).toBe('Ana moved it from Pending to Ready');
    expect(say({ action: 'status', from: 'pending', to: 'archived' })).toBe('Ana archived it');
    expect(say({ action: 'snooze', actor: { type: 'system', id: null, name: 'Replydesk' }, from: '2026-01-06T08:00:00.000Z', to: null })).toBe('Replydesk woke it from a snooze');
    expect(say({ action: 'snooze', from: null, to: '2026-01-06T08:00:00.000Z' })).toMatch(/^Ana snoozed it until \S/);
    expect(say({ action: 'draft', actor: { type: 'triage', id: null, name: 'Triage' } })).toBe('Triage drafted an answer');
    expect(say({ action: 'draft' })).toBe('Ana edited the draft');
    expect(say({ action: 'send', actor: { type: 'api_key', id: 'k1', name: 'sam' }, to: 'ada@analytical.example' })).toBe('sam (API key) sent the answer to ada@analytical.example');
    expect(say({ action: 'forward', to: 'cto@northwind.example,cfo@northwind.example' })).toBe('Ana forwarded it to cto@northwind.example, cfo@northwind.example');
    expect(say({ action: 'note' })).toBe('Ana added a note');
  });
});

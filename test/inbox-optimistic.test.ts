// The dashboard inbox's own changes to a reply (web/src/features/inbox/reply-update.ts), run
// against a QueryClient with the caches a person's inbox holds: shown before the server answers,
// and put back, said and asked again when the server refuses them. The browser tests
// (test/e2e) see the successes; a refusal is hard to bring about there.
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { replyKeys } from '../web/src/queries/inbox.ts';
import { type ReplyUpdate, replyUpdate } from '../web/src/features/inbox/reply-update.ts';
import { categoryKeys } from '../web/src/queries/settings.ts';
import { teamKeys } from '../web/src/queries/team.ts';
import { applyAssignment } from '../web/src/features/inbox/cache.ts';

// the inbox schedules its count refresh with window.setTimeout
(globalThis as { window?: unknown }).window ??= globalThis;

const pending = { status: 'pending', snoozed: 'false' };
const reply = (id: string) => ({ id, status: 'pending' as const, category_id: null, category: null, snoozed_until: null, assignee: null, subject: `Re: ${id}` });
const page = (items: unknown[]) => ({ pages: [{ items, pagination: { total: items.length, limit: 50, offset: 0, hasMore: false, next_cursor: null } }], pageParams: [undefined] });

/** The server's answer to the PATCH, given when the test says so. */
function server() {
  let answer: (res: Response) => void = () => {};
  const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    refuse: (status: number, error: string) => answer(new Response(JSON.stringify({ data: null, error }), { status })),
    accept: (data: unknown) => answer(new Response(JSON.stringify({ data }), { status: 200 })),
  };
}

describe("the inbox's own changes to a reply", () => {
  let qc: QueryClient;
  let said: string[];
  const ids = () => qc.getQueryData<ReturnType<typeof page>>(replyKeys.list(pending))!.pages[0]!.items.map((r) => (r as { id: string }).id);
  const run = (vars: ReplyUpdate) =>
    new MutationObserver(
      qc,
      replyUpdate(qc, (text) => said.push(text)),
    )
      .mutate(vars)
      .catch(() => undefined);

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    qc = new QueryClient();
    said = [];
    qc.setQueryData(replyKeys.list(pending), page([reply('a'), reply('b'), reply('c')]));
    qc.setQueryData(replyKeys.count('pending'), 3);
    qc.setQueryData(replyKeys.count('archived'), 10);
    qc.setQueryData(replyKeys.detail('b'), { ...reply('b'), thread: [] });
    qc.setQueryData(categoryKeys.all, [{ id: 'hot', name: 'Interested', color: '#16a34a', is_positive: true }]);
    qc.setQueryData(teamKeys.members(), [{ id: 'u-ben', name: 'ben', email: 'ben@agency.example', role: 'member' }]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('an archive shows at once: the reply leaves the list, the counts move, the open reply says archived', async () => {
    const peer = server();
    const done = run({ reply: reply('b'), change: { status: 'archived' }, failure: 'Could not archive' });
    await vi.waitFor(() => expect(peer.fetch).toHaveBeenCalled());
    expect(ids()).toEqual(['a', 'c']);
    expect(qc.getQueryData(replyKeys.count('pending'))).toBe(2);
    expect(qc.getQueryData(replyKeys.count('archived'))).toBe(11);
    expect(qc.getQueryData<{ status: string }>(replyKeys.detail('b'))!.status).toBe('archived');
    peer.accept({ ...reply('b'), status: 'archived' });
    await done;
    expect(ids()).toEqual(['a', 'c']);
    expect(said).toEqual([]);
  });

  it('a refused archive puts the list, the counts and the open reply back, says why, and asks the server again', async () => {
    const peer = server();
    const invalidated = vi.spyOn(qc, 'invalidateQueries');
    const done = run({ reply: reply('b'), change: { status: 'archived' }, failure: 'Could not archive' });
    await vi.waitFor(() => expect(peer.fetch).toHaveBeenCalled());
    expect(ids()).toEqual(['a', 'c']);
    peer.refuse(409, 'Reply was changed meanwhile');
    await done;
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(qc.getQueryData(replyKeys.count('pending'))).toBe(3);
    expect(qc.getQueryData(replyKeys.count('archived'))).toBe(10);
    expect(qc.getQueryData<{ status: string }>(replyKeys.detail('b'))!.status).toBe('pending');
    expect(said).toEqual(['Could not archive: Reply was changed meanwhile']);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: replyKeys.all });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: replyKeys.detail('b') });
  });

  it('a category is set in place in the list and the open reply, and put back when refused', async () => {
    const peer = server();
    const done = run({ reply: reply('b'), change: { category_id: 'hot' }, failure: 'Could not change the category' });
    await vi.waitFor(() => expect(peer.fetch).toHaveBeenCalled());
    const listed = () => qc.getQueryData<ReturnType<typeof page>>(replyKeys.list(pending))!.pages[0]!.items[1] as { category: unknown };
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(listed().category).toEqual({ id: 'hot', name: 'Interested', color: '#16a34a' });
    expect(qc.getQueryData<{ category: unknown }>(replyKeys.detail('b'))!.category).toEqual({ id: 'hot', name: 'Interested', color: '#16a34a', is_positive: true });
    expect(qc.getQueryData(replyKeys.count('pending'))).toBe(3);
    peer.refuse(404, 'Category not found');
    await done;
    expect(listed().category).toBeNull();
    expect(qc.getQueryData<{ category_id: unknown }>(replyKeys.detail('b'))!.category_id).toBeNull();
    expect(said).toEqual(['Could not change the category: Category not found']);
  });

  it('an assignment shows at once in the lists and the open reply, leaves the list of unassigned replies, and is put back when refused', async () => {
    const unassigned = { ...pending, assignee_id: 'none' };
    qc.setQueryData(replyKeys.list(unassigned), page([reply('b'), reply('c')]));
    const peer = server();
    const done = run({ reply: reply('b'), change: { assignee_id: 'u-ben' }, failure: 'Could not assign' });
    await vi.waitFor(() => expect(peer.fetch).toHaveBeenCalled());
    const ben = { id: 'u-ben', name: 'ben', email: 'ben@agency.example' };
    const inPending = () => (qc.getQueryData<ReturnType<typeof page>>(replyKeys.list(pending))!.pages[0]!.items[1] as { assignee: unknown }).assignee;
    const inUnassigned = () => qc.getQueryData<ReturnType<typeof page>>(replyKeys.list(unassigned))!.pages[0]!.items.map((r) => (r as { id: string }).id);
    expect(ids()).toEqual(['a', 'b', 'c']);
    expect(inPending()).toEqual(ben);
    expect(inUnassigned()).toEqual(['c']);
    expect(qc.getQueryData<{ assignee: unknown }>(replyKeys.detail('b'))!.assignee).toEqual(ben);
    expect(qc.getQueryData<Record<string, unknown>>(replyKeys.detail('b'))).not.toHaveProperty('assignee_id');
    expect(qc.getQueryData(replyKeys.count('pending'))).toBe(3); // the tabs count by status
    peer.refuse(400, 'Invalid assignee_id');
    await done;
    expect(inPending()).toBeNull();
    expect(inUnassigned()).toEqual(['b', 'c']);
    expect(qc.getQueryData<{ assignee: unknown }>(replyKeys.detail('b'))!.assignee).toBeNull();
    expect(said).toEqual(['Could not assign: Invalid assignee_id']);
  });

  it("someone else's assignment (reply.assigned on the live stream) moves the reply between the lists by assignee", () => {
    const bens = { ...pending, assignee_id: 'u-ben' };
    const unassigned = { ...pending, assignee_id: 'none' };
    qc.setQueryData(replyKeys.list(bens), page([]));
    qc.setQueryData(replyKeys.list(unassigned), page([reply('b')]));
    const invalidated = vi.spyOn(qc, 'invalidateQueries');
    const ben = { id: 'u-ben', name: 'ben', email: 'ben@agency.example' };
    applyAssignment(qc, { id: 'b', assignee: ben });
    expect(qc.getQueryData<ReturnType<typeof page>>(replyKeys.list(unassigned))!.pages[0]!.items).toEqual([]);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: replyKeys.list(bens), exact: true }); // joins a list it was not in: read again
    expect((qc.getQueryData<ReturnType<typeof page>>(replyKeys.list(pending))!.pages[0]!.items[1] as { assignee: unknown }).assignee).toEqual(ben);
    expect(qc.getQueryData<{ assignee: unknown }>(replyKeys.detail('b'))!.assignee).toEqual(ben);
  });
});

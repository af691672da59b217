import type { ChatConversationsResponse, ChatConversationSummary } from '@agentdock/contracts';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { putOnTop, removeFromLists, renameInLists } from './list-cache';
import { chatKeys } from './query-keys';

const A = '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11';
const B = '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a12';
const item = (n: number, agentId = A): ChatConversationSummary => ({
  id: `7c1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a${10 + n}`,
  agentId,
  title: `Chat ${n}`,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: `2026-11-2${n}T10:00:00.000Z`,
  agentKey: agentId === A ? 'a' : 'b',
  agentName: agentId === A ? 'Agent A' : 'Agent B',
});

function cacheWith(filter: { agentId: string; q: string }, pages: ChatConversationSummary[][]) {
  const client = new QueryClient();
  client.setQueryData<InfiniteData<ChatConversationsResponse, string>>(chatKeys.list(filter), {
    pages: pages.map((conversations, index) => ({ conversations, nextCursor: index < pages.length - 1 ? 'x' : null })),
    pageParams: pages.map((_, index) => String(index)),
  });
  return client;
}

const titles = (client: QueryClient, filter: { agentId: string; q: string }) =>
  client.getQueryData<InfiniteData<ChatConversationsResponse, string>>(chatKeys.list(filter))!.pages.map((page) => page.conversations.map((c) => c.title));

describe('the list cache', () => {
  const all = { agentId: '', q: '' };

  it('puts a new conversation on top at once, keeping every other one', () => {
    const client = cacheWith(all, [[item(3), item(2, B)], [item(1)]]);
    putOnTop(client, { ...item(4, B), title: 'Fresh' }, { key: 'b', name: 'Agent B' });
    expect(titles(client, all)).toEqual([['Fresh', 'Chat 3', 'Chat 2'], ['Chat 1']]);
  });

  it('moves an answered conversation to the top without a duplicate, even from a later page', () => {
    const client = cacheWith(all, [[item(3), item(2, B)], [item(1)]]);
    putOnTop(client, { ...item(1), title: 'Chat 1 renamed by its reply' }, undefined);
    expect(titles(client, all)).toEqual([['Chat 1 renamed by its reply', 'Chat 3', 'Chat 2'], []]);
  });

  it('leaves a list filtered to another agent, or a search it may not match, alone', () => {
    const onlyA = { agentId: A, q: '' };
    const searched = { agentId: '', q: 'board' };
    const client = cacheWith(onlyA, [[item(3)]]);
    client.setQueryData(chatKeys.list(searched), { pages: [{ conversations: [item(3)], nextCursor: null }], pageParams: [''] });
    putOnTop(client, item(4, B), undefined);
    expect(titles(client, onlyA)).toEqual([['Chat 3']]);
    expect(titles(client, searched)).toEqual([['Chat 3']]);
  });

  it('renames in place and deletes only the one deleted, in every list', () => {
    const onlyB = { agentId: B, q: '' };
    const client = cacheWith(all, [[item(3), item(2, B)], [item(1)]]);
    client.setQueryData(chatKeys.list(onlyB), { pages: [{ conversations: [item(2, B)], nextCursor: null }], pageParams: [''] });
    renameInLists(client, { ...item(2, B), title: 'Hiring' });
    expect(titles(client, all)).toEqual([['Chat 3', 'Hiring'], ['Chat 1']]);
    expect(titles(client, onlyB)).toEqual([['Hiring']]);
    removeFromLists(client, item(3).id);
    expect(titles(client, all)).toEqual([['Hiring'], ['Chat 1']]);
    expect(titles(client, onlyB)).toEqual([['Hiring']]);
  });
});

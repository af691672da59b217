/** @jest-environment jsdom */
import type { ChatAgent, ChatConversationSummary } from '@agentdock/contracts';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConversationList } from './conversation-list';

const MEETINGS = '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11';
const WRITER = '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a12';
const NOW = new Date(2026, 10, 28, 15, 0);
const agent = (id: string, name: string): ChatAgent => ({
  id,
  key: name.toLowerCase(),
  name,
  description: '',
  tier: 'free',
  producesImages: false,
  imageSizes: [],
  starters: [],
  maxReplyTokens: 1024,
});

const conversation = (id: string, title: string, updatedAt: Date, agentId = MEETINGS, agentName: string | null = 'Meeting Prep'): ChatConversationSummary => ({
  id,
  agentId,
  title,
  createdAt: updatedAt.toISOString(),
  updatedAt: updatedAt.toISOString(),
  agentKey: agentName?.toLowerCase() ?? null,
  agentName,
});

function renderList(overrides: Partial<Parameters<typeof ConversationList>[0]> = {}) {
  const props = {
    conversations: [
      conversation('3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a21', 'Board prep', new Date(2026, 10, 28, 9, 0)),
      conversation('3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a22', 'Hiring', new Date(2026, 10, 27, 23, 30), WRITER, 'Writer'),
    ],
    activeId: '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a21',
    search: '',
    onSearch: jest.fn(),
    agents: [agent(MEETINGS, 'Meeting Prep'), agent(WRITER, 'Writer')],
    agentFilter: '',
    onAgentFilter: jest.fn(),
    hasMore: false,
    loadingMore: false,
    onLoadMore: jest.fn(),
    onNew: jest.fn(),
    onOpen: jest.fn(),
    onRename: jest.fn(async () => undefined),
    onDelete: jest.fn(async () => undefined),
    now: NOW,
    ...overrides,
  };
  render(<ConversationList {...props} />);
  return props;
}

describe('the conversation list', () => {
  it('shows every agent’s conversations under Today / Yesterday / Previous 7 days / Older, newest first, each with its agent', () => {
    renderList({
      conversations: [
        conversation('3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a21', 'Board prep', new Date(2026, 10, 28, 0, 5)),
        conversation('3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a22', 'Hiring', new Date(2026, 10, 27, 23, 55), WRITER, 'Writer'),
        conversation('3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a23', 'Offsite', new Date(2026, 10, 21, 8, 0)),
        conversation('3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a24', 'Old plan', new Date(2026, 10, 20, 23, 0), WRITER, 'Writer'),
        conversation('3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a25', 'Retired', new Date(2026, 0, 2), WRITER, null),
      ],
    });
    const groups = screen.getAllByRole('region').map((region) => ({
      heading: within(region).getByRole('heading').textContent,
      items: within(region)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.chat-list__open')!.textContent),
    }));
    expect(groups).toEqual([
      { heading: 'Today', items: ['Board prepMeeting Prep'] },
      { heading: 'Yesterday', items: ['HiringWriter'] },
      { heading: 'Previous 7 days', items: ['OffsiteMeeting Prep'] },
      { heading: 'Older', items: ['Old planWriter', 'RetiredAgent no longer available'] },
    ]);
  });

  it('filters by agent only when asked: All agents is the default', () => {
    const props = renderList();
    const filter = screen.getByRole('combobox', { name: 'Show conversations with' }) as HTMLSelectElement;
    expect(filter.value).toBe('');
    expect([...filter.options].map((option) => option.text)).toEqual(['All agents', 'Meeting Prep', 'Writer']);
    fireEvent.change(filter, { target: { value: WRITER } });
    expect(props.onAgentFilter).toHaveBeenCalledWith(WRITER);
  });

  it('offers the next page past the first 50', () => {
    const props = renderList({ hasMore: true });
    fireEvent.click(screen.getByRole('button', { name: 'Load more conversations' }));
    expect(props.onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('marks the open conversation and opens another on click', () => {
    const props = renderList();
    expect(screen.getByRole('button', { name: 'Board prep Meeting Prep' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Hiring Writer' }));
    expect(props.onOpen).toHaveBeenCalledWith(expect.objectContaining({ title: 'Hiring' }));
  });

  it('deletes only after the confirmation, and Keep backs out', () => {
    const props = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Hiring' }));
    expect(props.onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.queryByRole('group', { name: 'Confirm deletion' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Hiring' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(props.onDelete).toHaveBeenCalledWith(expect.objectContaining({ title: 'Hiring' }));
  });

  it('renames in place and shows a refusal', async () => {
    const onRename = jest.fn(async (_conversation: ChatConversationSummary, title: string) => {
      if (title.trim() === '') throw new Error('Give the conversation a title');
    });
    renderList({ onRename });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Board prep' }));
    const input = screen.getByRole('textbox', { name: 'Conversation title' });
    fireEvent.change(input, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give the conversation a title');
    fireEvent.change(input, { target: { value: 'Q3 board' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Conversation title' })).toBeNull());
    expect(onRename).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'Board prep' }), 'Q3 board');
  });

  it('says when a search matches nothing', () => {
    renderList({ conversations: [], search: 'zebra' });
    expect(screen.getByText('No conversation matches.')).toBeTruthy();
  });

  it('says when the chosen agent has no conversation yet', () => {
    renderList({ conversations: [], agentFilter: WRITER });
    expect(screen.getByText('No conversations with this agent yet.')).toBeTruthy();
  });
});

/** @jest-environment jsdom */
import type { ChatConversation } from '@agentdock/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConversationList } from './conversation-list';

const conversation = (id: string, title: string): ChatConversation => ({
  id,
  agentId: '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11',
  title,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});

function renderList(overrides: Partial<Parameters<typeof ConversationList>[0]> = {}) {
  const props = {
    conversations: [conversation('3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a21', 'Board prep'), conversation('3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a22', 'Hiring')],
    activeId: '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a21',
    search: '',
    onSearch: jest.fn(),
    onNew: jest.fn(),
    onOpen: jest.fn(),
    onRename: jest.fn(async () => undefined),
    onDelete: jest.fn(async () => undefined),
    ...overrides,
  };
  render(<ConversationList {...props} />);
  return props;
}

describe('the conversation list', () => {
  it('marks the open conversation and opens another on click', () => {
    const props = renderList();
    expect(screen.getByRole('button', { name: 'Board prep' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Hiring' }));
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
    const onRename = jest.fn(async (_conversation: ChatConversation, title: string) => {
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
});

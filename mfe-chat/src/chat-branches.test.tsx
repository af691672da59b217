/** @jest-environment @agentdock/session/jsdom-environment */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse } from '@agentdock/session/testing';
import { CONVERSATION, renderSignedInChat, storedMessage, streamedSends } from './testing/chat-harness';

const ASKED = '1c2f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11';
const EDITED = '1c2f7c3e-5d0a-4a55-9d53-3c4b1a0f9a12';
const FIRST_REPLY = '2d3f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11';
const SECOND_REPLY = '2d3f7c3e-5d0a-4a55-9d53-3c4b1a0f9a12';
const BRANCH_URL = `PUT /api/chat/conversations/${CONVERSATION.id}/branch`;
const replies = { siblingIds: [FIRST_REPLY, SECOND_REPLY], count: 2 };

const asked = storedMessage('user', ASKED, 'Plan the offsite', 0);
const firstReply = storedMessage('assistant', FIRST_REPLY, 'A first plan', 1, { parentId: ASKED, branch: { ...replies, position: 1 } });
const secondReply = storedMessage('assistant', SECOND_REPLY, 'A second plan', 1, { parentId: ASKED, branch: { ...replies, position: 2 } });

describe('branches in the chat', () => {
  beforeEach(() => localStorage.clear());

  it('shows ‹ n / m › on a reply with siblings and switches both ways with labelled buttons, asking the server for the shown branch', async () => {
    const identity = renderSignedInChat({ messages: [asked, firstReply] });
    expect(await screen.findByText('A first plan')).toBeTruthy();
    expect(screen.getByTestId('branch-position').textContent).toBe('1 / 2');
    const previous = screen.getByRole('button', { name: 'Previous version of this reply' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    identity.on(BRANCH_URL, jsonResponse(200, { conversation: CONVERSATION, messages: [asked, secondReply] }));
    fireEvent.click(screen.getByRole('button', { name: 'Next version of this reply' }));
    expect(await screen.findByText('A second plan')).toBeTruthy();
    expect(screen.queryByText('A first plan')).toBeNull();
    expect(screen.getByTestId('branch-position').textContent).toBe('2 / 2');
    expect(identity.callsTo(BRANCH_URL).map((call) => call.body)).toEqual([{ messageId: SECOND_REPLY }]);
    expect((screen.getByRole('button', { name: 'Next version of this reply' }) as HTMLButtonElement).disabled).toBe(true);

    identity.on(BRANCH_URL, jsonResponse(200, { conversation: CONVERSATION, messages: [asked, firstReply] }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous version of this reply' }));
    expect(await screen.findByText('A first plan')).toBeTruthy();
    expect(identity.callsTo(BRANCH_URL).map((call) => call.body)).toEqual([{ messageId: SECOND_REPLY }, { messageId: FIRST_REPLY }]);
  });

  it('Regenerate asks for a sibling reply (regenerateOf, no message) and then shows the stored branch with both answers counted', async () => {
    const sends = streamedSends();
    try {
      const identity = renderSignedInChat({ messages: [asked, storedMessage('assistant', FIRST_REPLY, 'A first plan', 1, { parentId: ASKED })] });
      fireEvent.click(await screen.findByRole('button', { name: 'Regenerate' }));
      await screen.findByRole('button', { name: 'Stop generating' });
      expect(sends.bodies).toEqual([{ conversationId: CONVERSATION.id, regenerateOf: FIRST_REPLY }]);
      // The question stays; no second copy of it streams in.
      expect(screen.getAllByText('Plan the offsite')).toHaveLength(1);
      identity.on(`GET /api/chat/conversations/${CONVERSATION.id}/messages`, jsonResponse(200, { conversation: CONVERSATION, messages: [asked, secondReply] }));
      sends.token('A second');
      sends.done(asked, secondReply, 105_200);
      expect(await screen.findByText('A second plan')).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('branch-position').textContent).toBe('2 / 2'));
    } finally {
      sends.restore();
    }
  });

  it('Edit sends a new version of the message (editOf), never deleting the old one, and shows ‹ 2 / 2 › on it', async () => {
    const sends = streamedSends();
    try {
      const identity = renderSignedInChat({ messages: [asked, storedMessage('assistant', FIRST_REPLY, 'A first plan', 1, { parentId: ASKED })] });
      fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      fireEvent.change(screen.getByRole('textbox', { name: 'Edit your message' }), { target: { value: 'Plan the offsite for 12' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save and send' }));
      await screen.findByRole('button', { name: 'Stop generating' });
      expect(sends.bodies).toEqual([{ message: 'Plan the offsite for 12', conversationId: CONVERSATION.id, editOf: ASKED }]);
      expect(identity.callsTo(`DELETE /api/chat/conversations/${CONVERSATION.id}`)).toHaveLength(0);
      const edited = storedMessage('user', EDITED, 'Plan the offsite for 12', 0, { branch: { siblingIds: [ASKED, EDITED], count: 2, position: 2 } });
      const reply = storedMessage('assistant', SECOND_REPLY, 'A plan for 12', 1, { parentId: EDITED });
      identity.on(`GET /api/chat/conversations/${CONVERSATION.id}/messages`, jsonResponse(200, { conversation: CONVERSATION, messages: [edited, reply] }));
      sends.done(edited, reply, 105_200);
      expect(await screen.findByText('A plan for 12')).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('branch-position').textContent).toBe('2 / 2'));
      expect(screen.getByRole('button', { name: 'Previous version of this message' })).toBeTruthy();
    } finally {
      sends.restore();
    }
  });
});

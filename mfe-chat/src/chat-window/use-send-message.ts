import {
  type ChatAgent,
  type ChatMessage,
  type ChatSendRequest,
  formatCreditCount,
  type ImageSize,
  insufficientCreditsText,
  sendEstimate,
  type Wallet,
} from '@agentdock/contracts';
import { useWorkspace } from '@agentdock/session';
import { useQueryClient } from '@tanstack/react-query';
import { type ActionDispatch, useCallback, useRef } from 'react';
import type { ChatApi } from '../chat-api';
import { putOnTop } from './list-cache';
import type { StreamAction, StreamState } from './stream-reducer';
import type { OpenConversation } from './use-conversation';

/** How long recovery waits between looks for the stopped reply, and how many looks it takes. */
const RECOVERY_INTERVAL_MS = 250;
const RECOVERY_ATTEMPTS = 20;

/** What to send: a new message, an edit of a user message (a new branch from it) or another reply to one (Regenerate). */
export type Outgoing = { kind: 'message'; text: string } | { kind: 'edit'; text: string; of: ChatMessage } | { kind: 'regenerate'; of: ChatMessage };

interface SendMessageOptions {
  api: ChatApi;
  agent: ChatAgent | undefined;
  chat: OpenConversation;
  stream: StreamState;
  dispatch: ActionDispatch<[StreamAction]>;
  wallet: Wallet | null;
  available: number;
  updateWallet: (update: (current: Wallet) => Wallet) => void;
  reloadWallet: () => void;
  imageSize: ImageSize;
  /** The composer's text: emptied as a message goes out, given back if it could not be sent. */
  setInput: (text: string) => void;
  /** A message goes out: the pane follows its reply. */
  onStart: () => void;
}

/** The branch a send continues from, shown above its reply while it streams. */
function branchBefore(messages: ChatMessage[], outgoing: Outgoing): ChatMessage[] {
  if (outgoing.kind === 'message') return messages;
  const at = messages.findIndex((message) => message.id === outgoing.of.id);
  // An edit replaces its message on the new branch; a regenerated reply answers the question before it.
  return at < 0 ? messages : messages.slice(0, at);
}

/** The user's message a reply answers: the one before it on the shown branch. */
function previousQuestion(messages: ChatMessage[], reply: ChatMessage): string {
  const at = messages.findIndex((message) => message.id === reply.id);
  return messages.slice(0, Math.max(0, at)).findLast((message) => message.role === 'user')?.markdown ?? '';
}

/**
 * Sends and streams the reply into `stream`. Nothing is deleted: an edit and a regeneration make
 * siblings on the server, and the stored branch is read back once the reply ends. Stop aborts the
 * stream; the server keeps the partial reply with its charge, so it is read back once stored.
 */
export function useSendMessage({ api, agent, chat, stream, dispatch, wallet, available, updateWallet, reloadWallet, imageSize, setInput, onStart }: SendMessageOptions) {
  const queryClient = useQueryClient();
  const abortRef = useRef<AbortController | null>(null);
  const { workspace } = useWorkspace();
  const { conversation, messages, settle } = chat;

  /** After a stop the server stores the partial reply with its charge; read it once it is there. */
  const recoverStopped = useCallback(
    async (conversationId: string, replyCount: number) => {
      for (let attempt = 0; attempt < RECOVERY_ATTEMPTS; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, RECOVERY_INTERVAL_MS));
        const answer = await api.getConversation(conversationId);
        if (answer.conversation && answer.messages.at(-1)?.role === 'assistant' && answer.messages.length >= replyCount) {
          settle({ conversation: answer.conversation, messages: answer.messages });
          return true;
        }
      }
      return false;
    },
    [api, settle],
  );

  const send = useCallback(
    async (outgoing: Outgoing) => {
      if (!agent || stream.pending) return;
      const text = outgoing.kind === 'regenerate' ? null : outgoing.text.trim();
      if (text === '') return;
      // A regeneration answers the stored question again: the estimate is that question's.
      const cost = sendEstimate(outgoing.kind === 'regenerate' ? previousQuestion(messages ?? [], outgoing.of) : text!).credits;
      if (wallet && cost > available) {
        dispatch({ type: 'notice', text: insufficientCreditsText(cost, available) });
        return;
      }
      const before = branchBefore(messages ?? [], outgoing);
      const body: ChatSendRequest = {
        ...(text !== null ? { message: text } : {}),
        ...(conversation ? { conversationId: conversation.id } : { newConversation: true }),
        ...(outgoing.kind === 'edit' ? { editOf: outgoing.of.id } : {}),
        ...(outgoing.kind === 'regenerate' ? { regenerateOf: outgoing.of.id } : {}),
        ...(agent.producesImages ? { imageSize } : {}),
        // In a team's workspace the team's pool pays; the conversation stays the sender's own.
        ...(workspace ? { workspace: workspace.id } : {}),
      };
      if (outgoing.kind === 'message') setInput('');
      onStart();
      dispatch({ type: 'start', text, before });
      const controller = new AbortController();
      abortRef.current = controller;
      let started = conversation?.id ?? null;
      let asked: ChatMessage | undefined;
      try {
        const outcome = await api.send(
          agent.id,
          body,
          {
            onWaiting: (accepted) => {
              dispatch({ type: 'accepted', upToCredits: accepted.upToCredits ?? null });
              if (outgoing.kind !== 'regenerate') asked = accepted.userMessage;
              // A new conversation is in the list from the moment it exists, not once its reply ends.
              if (accepted.conversation) {
                started = accepted.conversation.id;
                putOnTop(queryClient, accepted.conversation, agent);
              }
            },
            onToken: (piece) => dispatch({ type: 'token', piece }),
          },
          controller.signal,
        );
        if (outcome.kind === 'refused') {
          dispatch({ type: 'notice', text: outcome.message });
          if (outgoing.kind === 'message') setInput(outgoing.text);
        } else if (outcome.kind === 'done') {
          const { done } = outcome;
          putOnTop(queryClient, done.conversation, agent);
          settle({ conversation: done.conversation, messages: [...before, ...(outgoing.kind === 'regenerate' ? [] : [done.userMessage]), done.reply] });
          updateWallet((current) => ({ ...current, creditsRemaining: done.creditsRemaining, purchasedCredits: done.purchasedCredits, apiCallsUsed: current.apiCallsUsed + 1 }));
          dispatch({ type: 'charged', charge: { credits: done.reply.creditsUsed, upToCredits: done.upToCredits } });
          dispatch({ type: 'announce', text: `${agent.name} replied (${formatCreditCount(done.reply.creditsUsed)} credits).` });
        } else {
          const { reply, conversation: failedIn } = outcome.error;
          const stored = failedIn ?? conversation;
          if (stored) {
            putOnTop(queryClient, stored, agent);
            // The message stays with the apology (or the reply kept so far); the refetch brings the server's copy.
            settle({ conversation: stored, messages: [...before, ...(asked ? [asked] : []), ...(reply ? [reply] : [])] });
          }
          if (!reply) dispatch({ type: 'notice', text: outcome.error.message });
          dispatch({ type: 'announce', text: outcome.error.message });
        }
      } catch {
        if (controller.signal.aborted) {
          const recovered = started ? await recoverStopped(started, before.length + 1).catch(() => false) : false;
          if (!recovered) dispatch({ type: 'notice', text: 'The reply was stopped. Reload to see what was kept.' });
          else dispatch({ type: 'announce', text: 'Reply stopped.' });
          reloadWallet();
        } else {
          dispatch({ type: 'notice', text: 'Sorry, I encountered an error: the server could not be reached. Please try again.' });
          if (outgoing.kind === 'message') setInput(outgoing.text);
        }
      } finally {
        abortRef.current = null;
        dispatch({ type: 'end' });
        void queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
      }
    },
    [
      agent,
      api,
      available,
      conversation,
      dispatch,
      imageSize,
      messages,
      onStart,
      queryClient,
      recoverStopped,
      workspace,
      reloadWallet,
      setInput,
      settle,
      stream.pending,
      updateWallet,
      wallet,
    ],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  return { send, stop };
}

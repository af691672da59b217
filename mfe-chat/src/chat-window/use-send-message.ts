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
import { type ActionDispatch, type Dispatch, type SetStateAction, useCallback, useRef } from 'react';
import type { ChatApi } from '../chat-api';
import type { StreamAction, StreamState } from './stream-reducer';
import type { OpenConversation } from './use-conversation';

/** How long recovery waits between looks for the stopped reply, and how many looks it takes. */
const RECOVERY_INTERVAL_MS = 250;
const RECOVERY_ATTEMPTS = 20;

interface SendMessageOptions {
  api: ChatApi;
  agent: ChatAgent | undefined;
  chat: OpenConversation;
  stream: StreamState;
  dispatch: ActionDispatch<[StreamAction]>;
  wallet: Wallet | null;
  available: number;
  setWallet: Dispatch<SetStateAction<Wallet | null>>;
  imageSize: ImageSize;
  /** The composer's text: emptied as a message goes out, given back if it could not be sent. */
  setInput: (text: string) => void;
  /** A message goes out: the pane follows its reply. */
  onStart: () => void;
  /** A send ended, however it ended: titles and order in the side list may have changed. */
  onEnd: () => void;
}

/**
 * Sends a message (or an edit of one, which replaces it and everything after) and streams the
 * reply into `stream`. Stop aborts the stream; the server keeps the partial reply with its charge,
 * so it is read back once stored, and the wallet with it.
 */
export function useSendMessage({ api, agent, chat, stream, dispatch, wallet, available, setWallet, imageSize, setInput, onStart, onEnd }: SendMessageOptions) {
  const abortRef = useRef<AbortController | null>(null);
  const { agentId, conversation, messages, fresh, settle, show, setMessages } = chat;

  /** After a stop the server stores the partial reply with its charge; fetch it once it is there. */
  const recoverStopped = useCallback(
    async (text: string, conversationId: string | null) => {
      for (let attempt = 0; attempt < RECOVERY_ATTEMPTS; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, RECOVERY_INTERVAL_MS));
        const answer = conversationId ? await api.getConversation(conversationId) : await api.getHistory(agentId);
        const last = answer.messages.at(-1);
        const asked = answer.messages.at(-2);
        if (last?.role === 'assistant' && asked?.markdown === text) {
          show(answer);
          return true;
        }
      }
      return false;
    },
    [agentId, api, show],
  );

  const send = useCallback(
    async (text: string, editOf?: ChatMessage) => {
      if (!text || !agent || stream.pending) return;
      const cost = sendEstimate(text).credits;
      if (wallet && cost > available) {
        dispatch({ type: 'notice', text: insufficientCreditsText(cost, available) });
        return;
      }
      const before = messages ?? [];
      const body: ChatSendRequest = {
        message: text,
        ...(conversation && !fresh ? { conversationId: conversation.id } : {}),
        ...(fresh ? { newConversation: true } : {}),
        ...(editOf ? { editOf: editOf.id } : {}),
        ...(agent.producesImages ? { imageSize } : {}),
      };
      if (!editOf) setInput('');
      if (editOf) setMessages(before.slice(0, before.indexOf(editOf)));
      onStart();
      dispatch({ type: 'start', text });
      const controller = new AbortController();
      abortRef.current = controller;
      try {
        const outcome = await api.send(agent.id, body, { onWaiting: () => undefined, onToken: (piece) => dispatch({ type: 'token', piece }) }, controller.signal);
        if (outcome.kind === 'refused') {
          dispatch({ type: 'notice', text: outcome.message });
          setMessages(before);
          if (!editOf) setInput(text);
        } else if (outcome.kind === 'done') {
          const { done } = outcome;
          setMessages((current) => [...(current ?? []), done.userMessage, done.reply]);
          settle(done.conversation);
          setWallet((current) =>
            current ? { ...current, creditsRemaining: done.creditsRemaining, purchasedCredits: done.purchasedCredits, apiCallsUsed: current.apiCallsUsed + 1 } : current,
          );
          dispatch({ type: 'announce', text: `${agent.name} replied (${formatCreditCount(done.reply.creditsUsed)} credits).` });
        } else {
          const { reply } = outcome.error;
          if (outcome.error.conversation) settle(outcome.error.conversation);
          setMessages((current) => [...(current ?? []), localUserMessage(agent.id, text), ...(reply ? [reply] : [])]);
          if (!reply) dispatch({ type: 'notice', text: outcome.error.message });
          dispatch({ type: 'announce', text: outcome.error.message });
        }
      } catch {
        if (controller.signal.aborted) {
          const recovered = await recoverStopped(text, conversation && !fresh ? conversation.id : null).catch(() => false);
          if (!recovered) dispatch({ type: 'notice', text: 'The reply was stopped. Reload to see what was kept.' });
          else dispatch({ type: 'announce', text: 'Reply stopped.' });
          api.getWallet().then(setWallet, () => undefined);
        } else {
          dispatch({ type: 'notice', text: 'Sorry, I encountered an error: the server could not be reached. Please try again.' });
          setMessages(before);
          if (!editOf) setInput(text);
        }
      } finally {
        abortRef.current = null;
        dispatch({ type: 'end' });
        onEnd();
      }
    },
    [agent, api, available, conversation, dispatch, fresh, imageSize, messages, onEnd, onStart, recoverStopped, setInput, setMessages, setWallet, settle, stream.pending, wallet],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  return { send, stop };
}

/** The message as sent, shown with a failed reply: the stream's error does not carry the stored one. */
function localUserMessage(agentId: string, text: string): ChatMessage {
  return {
    id: `local-${Date.now()}`,
    agentId,
    sessionId: '',
    role: 'user',
    content: text,
    markdown: text,
    messageOrder: 0,
    tokensUsed: 0,
    creditsUsed: 0,
    imageUrl: null,
    createdAt: new Date().toISOString(),
  };
}

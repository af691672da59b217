import { type ChatAgent, cannotPayTypicalReply, DEFAULT_IMAGE_SIZE, type ImageSize } from '@agentdock/contracts';
import { useSession } from '@agentdock/session';
import { Alert, Button } from '@agentdock/ui';
import { useCallback, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ChatToolbar } from './chat-window/chat-toolbar';
import { Composer } from './chat-window/composer';
import { CostBar } from './chat-window/cost-bar';
import { LowBalanceWarning } from './chat-window/low-balance-warning';
import { MessagePane } from './chat-window/message-pane';
import { IDLE_STREAM, streamReducer } from './chat-window/stream-reducer';
import { useAgents } from './chat-window/use-agents';
import { useChatApi } from './chat-window/use-chat-api';
import { useConversation } from './chat-window/use-conversation';
import { useConversationActions } from './chat-window/use-conversation-actions';
import { useConversationList } from './chat-window/use-conversation-list';
import { useFocusReturn } from './chat-window/use-focus-return';
import { useFollowScroll } from './chat-window/use-follow-scroll';
import { useNewChatShortcut } from './chat-window/use-new-chat-shortcut';
import { useSendMessage } from './chat-window/use-send-message';
import { useWallet } from './chat-window/use-wallet';
import { ConversationList } from './conversation-list';
import { downloadConversation } from './export';
import { ImageViewer } from './image-viewer';

/** The chat: every conversation beside the open one, its agent, its shown branch and the composer. */
export function ChatWindow() {
  const api = useChatApi();
  const navigate = useNavigate();
  const accountId = useSession().user?.id ?? '';
  const { agents, provider } = useAgents(api);
  const { wallet, available, updateWallet, reloadWallet } = useWallet(api);
  const chat = useConversation(api, agents, accountId);
  const list = useConversationList(api);
  // The stream's state is kept here, not in useSendMessage: the follow-scroll hook reads it, and a send resumes that hook's following.
  const [stream, dispatch] = useReducer(streamReducer, IDLE_STREAM);
  const follow = useFollowScroll(chat.messages, stream.pending);
  const [input, setInput] = useState('');
  const [chosenSize, setImageSize] = useState<ImageSize>(DEFAULT_IMAGE_SIZE);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const agent = agents?.find((candidate) => candidate.id === chat.agentId);
  // Only a size this agent offers is shown and sent: the one chosen if it does, else its first.
  const imageSize = offeredSize(agent, chosenSize);
  const replying = stream.pending !== null;
  const { send, stop } = useSendMessage({
    api,
    agent,
    chat,
    stream,
    dispatch,
    wallet,
    available,
    updateWallet,
    reloadWallet,
    imageSize,
    setInput,
    onStart: follow.resumeFollowing,
  });
  useFocusReturn(replying, inputRef, formRef);

  const { startFresh } = chat;
  const startNew = useCallback(() => {
    if (replying) return;
    startFresh();
    setDrawerOpen(false);
    inputRef.current?.focus();
  }, [replying, startFresh]);
  useNewChatShortcut(startNew);
  const actions = useConversationActions(api, { openId: chat.conversation?.id ?? null, onDeletedOpen: startNew });

  const { messages } = chat;
  const exportConversation = () => {
    if (messages && agent) downloadConversation(chat.conversation?.title ?? 'New chat', agent.name, messages);
  };

  return (
    <div className="chat-app">
      <aside id="chat-conversations" className={`chat-side${drawerOpen ? ' chat-side--open' : ''}`}>
        <ConversationList
          conversations={list.conversations}
          failed={list.failed}
          activeId={chat.conversation?.id ?? null}
          search={list.search}
          onSearch={list.setSearch}
          agents={agents}
          agentFilter={list.agentFilter}
          onAgentFilter={list.setAgentFilter}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          onLoadMore={list.loadMore}
          onNew={startNew}
          onOpen={(item) => {
            setDrawerOpen(false);
            navigate(`/chat/${item.id}`);
          }}
          onRename={actions.rename}
          onDelete={actions.remove}
        />
      </aside>
      <section className="chat">
        <ChatToolbar
          drawerOpen={drawerOpen}
          onToggleDrawer={() => setDrawerOpen((open) => !open)}
          agents={agents}
          agentId={chat.agentId}
          replying={replying}
          onChooseAgent={chat.chooseAgent}
          onExport={messages && messages.length > 0 ? exportConversation : null}
        />
        {provider?.demo ? <p className="chat-muted chat-provider">Replies come from the {provider.name}: a built-in demo, not a real AI model.</p> : null}
        {wallet && cannotPayTypicalReply(available) ? <LowBalanceWarning available={available} /> : null}

        <MessagePane
          paneRef={follow.paneRef}
          onScroll={follow.onScroll}
          onKeyDown={follow.onKeyDown}
          agent={agent}
          messages={messages}
          loadError={chat.loadError}
          pending={stream.pending}
          switching={actions.switching}
          onView={setViewing}
          onSend={(outgoing) => void send(outgoing)}
          onShowSibling={(siblingId) => chat.conversation && actions.showSibling(chat.conversation.id, siblingId)}
        />
        {!follow.following ? (
          <Button variant="secondary" size="sm" className="chat-jump" onClick={follow.jumpToLatest}>
            Jump to latest
          </Button>
        ) : null}
        {/* One announcement per reply, not every streamed token (the log above is not live). */}
        <p className="ad-visually-hidden" role="status">
          {stream.announcement}
        </p>

        {stream.notice ? <Alert variant="error">{stream.notice}</Alert> : null}
        {actions.switchFailed ? <Alert variant="error">Could not show that version. Please try again.</Alert> : null}
        <Composer
          formRef={formRef}
          inputRef={inputRef}
          agent={agent}
          input={input}
          onInput={setInput}
          imageSize={imageSize}
          onImageSize={setImageSize}
          replying={replying}
          onSend={() => void send({ kind: 'message', text: input })}
          onStop={stop}
        />
        <CostBar typed={input.trim()} agent={agent} wallet={wallet} available={available} lastCharge={stream.lastCharge} />
      </section>
      {viewing ? <ImageViewer url={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}

function offeredSize(agent: ChatAgent | undefined, chosen: ImageSize): ImageSize {
  const offered = agent?.imageSizes ?? [];
  return offered.includes(chosen) ? chosen : (offered[0] ?? chosen);
}

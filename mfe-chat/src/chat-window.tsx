import { type ChatConversation, cannotPayTypicalReply, DEFAULT_IMAGE_SIZE, type ImageSize } from '@agentdock/contracts';
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
import { useConversationList } from './chat-window/use-conversation-list';
import { useFocusReturn } from './chat-window/use-focus-return';
import { useFollowScroll } from './chat-window/use-follow-scroll';
import { useNewChatShortcut } from './chat-window/use-new-chat-shortcut';
import { useSendMessage } from './chat-window/use-send-message';
import { useWallet } from './chat-window/use-wallet';
import { ConversationList } from './conversation-list';
import { downloadConversation } from './export';
import { ImageViewer } from './image-viewer';

/** The chat: the conversations beside the open one, its agent, its messages and the composer. */
export function ChatWindow() {
  const api = useChatApi();
  const navigate = useNavigate();
  const { agents, provider } = useAgents(api);
  const { wallet, available, setWallet } = useWallet(api);
  const chat = useConversation(api);
  const list = useConversationList(api, chat.agentId);
  // The stream's state is kept here, not in useSendMessage: the follow-scroll hook reads it, and a send resumes that hook's following.
  const [stream, dispatch] = useReducer(streamReducer, IDLE_STREAM);
  const follow = useFollowScroll(chat.messages, stream.pending);
  const [input, setInput] = useState('');
  const [imageSize, setImageSize] = useState<ImageSize>(DEFAULT_IMAGE_SIZE);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const agent = agents?.find((candidate) => candidate.id === chat.agentId);
  const replying = stream.pending !== null;
  const { send, stop } = useSendMessage({
    api,
    agent,
    chat,
    stream,
    dispatch,
    wallet,
    available,
    setWallet,
    imageSize,
    setInput,
    onStart: follow.resumeFollowing,
    onEnd: list.refresh,
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

  const rename = async (item: ChatConversation, title: string) => {
    const answer = await api.renameConversation(item.id, title);
    if (chat.conversation?.id === item.id) chat.setConversation(answer.conversation);
    list.refresh();
  };
  const remove = async (item: ChatConversation) => {
    await api.deleteConversation(item.id);
    if (chat.conversation?.id === item.id) startNew();
    list.refresh();
  };
  const { messages } = chat;
  const exportConversation = () => {
    if (messages && agent) downloadConversation(chat.conversation?.title ?? 'New chat', agent.name, messages);
  };

  return (
    <div className="chat-app">
      <aside id="chat-conversations" className={`chat-side${drawerOpen ? ' chat-side--open' : ''}`}>
        <ConversationList
          conversations={list.conversations}
          activeId={chat.conversation?.id ?? null}
          search={list.search}
          onSearch={list.setSearch}
          onNew={startNew}
          onOpen={(item) => {
            setDrawerOpen(false);
            navigate(`/chat/${item.id}`);
          }}
          onRename={rename}
          onDelete={remove}
        />
      </aside>
      <section className="chat">
        <ChatToolbar
          drawerOpen={drawerOpen}
          onToggleDrawer={() => setDrawerOpen((open) => !open)}
          agents={agents}
          agentId={chat.agentId}
          replying={replying}
          onChooseAgent={chat.openLatest}
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
          onView={setViewing}
          onResend={(text, message) => void send(text, message)}
          onStarter={(text) => void send(text)}
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
        <Composer
          formRef={formRef}
          inputRef={inputRef}
          agent={agent}
          input={input}
          onInput={setInput}
          imageSize={imageSize}
          onImageSize={setImageSize}
          replying={replying}
          onSend={() => void send(input.trim())}
          onStop={stop}
        />
        <CostBar typed={input.trim()} wallet={wallet} available={available} />
      </section>
      {viewing ? <ImageViewer url={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}

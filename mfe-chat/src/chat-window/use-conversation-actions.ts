import type { ChatConversation, ChatMessage } from '@agentdock/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatApi } from '../chat-api';
import { removeFromLists, renameInLists } from './list-cache';
import { chatKeys } from './query-keys';
import type { Shown } from './use-conversation';

/**
 * Rename, delete and the branch switch, each changing every view that shows what it changed (the
 * lists, the open conversation) from its answer, then asking the server for the lists again.
 */
export function useConversationActions(api: ChatApi, { onDeletedOpen, openId }: { onDeletedOpen: () => void; openId: string | null }) {
  const queryClient = useQueryClient();
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: chatKeys.lists() });

  const rename = useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => api.renameConversation(id, title),
    onSuccess: ({ conversation }) => {
      renameInLists(queryClient, conversation);
      queryClient.setQueryData<Shown>(chatKeys.conversation(conversation.id), (shown) => (shown ? { ...shown, conversation } : shown));
    },
    onSettled: refreshLists,
  });

  const remove = useMutation({
    mutationFn: (id: string) => api.deleteConversation(id),
    onSuccess: (_answer, id) => {
      removeFromLists(queryClient, id);
      if (id === openId) onDeletedOpen();
      // Only once nothing shows it: removing the open one would have its view ask the server again (a 404).
      queryClient.removeQueries({ queryKey: chatKeys.conversation(id), type: 'inactive' });
      void queryClient.invalidateQueries({ queryKey: ['chat', 'latest'] });
    },
    onSettled: refreshLists,
  });

  const switchBranch = useMutation({
    mutationFn: ({ conversationId, messageId }: { conversationId: string; messageId: string }) => api.switchBranch(conversationId, messageId),
    onSuccess: (answer, { conversationId }) => queryClient.setQueryData(chatKeys.conversation(conversationId), answer),
  });

  return {
    rename: async (item: ChatConversation, title: string) => {
      await rename.mutateAsync({ id: item.id, title });
    },
    remove: async (item: ChatConversation) => {
      await remove.mutateAsync(item.id);
    },
    /** Shows `sibling`'s branch (the latest leaf under it). */
    showSibling: (conversationId: string, sibling: ChatMessage['id']) => switchBranch.mutate({ conversationId, messageId: sibling }),
    switching: switchBranch.isPending,
    switchFailed: switchBranch.isError,
  };
}

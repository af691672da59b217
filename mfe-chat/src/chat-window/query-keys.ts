/**
 * The chat's cache keys, all under 'chat': every view of one thing reads the same entry, so a
 * rename, a delete or a new conversation changes every view at once.
 */
export const chatKeys = {
  all: ['chat'] as const,
  agents: () => ['chat', 'agents'] as const,
  /** The credits a send spends from: the user's wallet, or in a team's workspace (its id) the team's pool. */
  wallet: (workspace: string | null) => ['chat', 'wallet', workspace] as const,
  /** Every page of the list for one filter and search; `lists()` is the prefix of them all. */
  lists: () => ['chat', 'conversations'] as const,
  list: (filter: { agentId: string; q: string }) => ['chat', 'conversations', filter] as const,
  /** One conversation's shown branch, keyed by its id so another's messages can never show under it. */
  conversation: (conversationId: string) => ['chat', 'conversation', conversationId] as const,
  /** An agent's latest conversation, keyed by the agent. */
  latest: (agentId: string) => ['chat', 'latest', agentId] as const,
};

import type { RemotePages } from '@agentdock/ui';

/** Exposed as './pages'; the shell's route table refers to these names. */
export const pages = {
  Chat: () => import('./chat-page'),
} satisfies RemotePages;

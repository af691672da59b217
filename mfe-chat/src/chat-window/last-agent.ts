/** The last agent an account chatted with, kept in this browser per account so a return opens it again. */
const keyFor = (accountId: string) => `agentdock.chat.last-agent.${accountId}`;

export function rememberedAgent(accountId: string): string | null {
  try {
    return localStorage.getItem(keyFor(accountId));
  } catch {
    // Storage can be refused (private modes, quotas): then nothing is remembered.
    return null;
  }
}

export function rememberAgent(accountId: string, agentId: string): void {
  try {
    localStorage.setItem(keyFor(accountId), agentId);
  } catch {
    // As above: remembering is a convenience, never a failure.
  }
}

/** The remembered agent while the account may still use it, else the first the account may use (the default). */
export function startingAgent(accountId: string, agents: ReadonlyArray<{ id: string }>): string {
  const remembered = rememberedAgent(accountId);
  return agents.some((agent) => agent.id === remembered) ? remembered! : (agents[0]?.id ?? '');
}

import type { AgentBehaviour, ImageSize } from '@agentdock/contracts';
import type { ProviderMessage, ProviderRequest } from '../providers/provider';

/**
 * Where a send becomes what the model is asked. Every reply goes through here: the web chat, `/v1`
 * and the console's draft test. The agent's live version (or, for a draft test, the draft) is a
 * snapshot read before the reply starts, so a reply already streaming finishes on the version it
 * started with whatever is published meanwhile.
 */

/** The agent as a reply sees it: its live version's behaviour (null: never published). */
export interface PublishedAgent {
  key: string;
  name: string;
  version: number | null;
  behaviour: AgentBehaviour | null;
}

/** The customer's side of the conversation. */
export interface ConversationTurns {
  /** A `/v1` caller's own system and developer messages: after the agent's instructions, never instead. */
  system?: string;
  history: ProviderRequest['history'];
  message: string;
}

/** A passage of the agent's knowledge, retrieved for this send (the knowledge base fills these). */
export interface Passage {
  source: string;
  page?: number | null;
  text: string;
}

/** The instructions of an agent never given any: its name, and nothing of its public description. */
export function fallbackInstructions(agent: Pick<PublishedAgent, 'name'>): string {
  return `You are ${agent.name}.`;
}

/** The knowledge block appended to the instructions; the only place its text is made. */
export function formatPassages(passages: readonly Passage[]): string {
  const blocks = passages.map((passage) => `[${passage.source}${passage.page ? ` p. ${passage.page}` : ''}]\n${passage.text}`);
  return `## Knowledge\nAnswer from these passages where they apply and name the source you used.\n\n${blocks.join('\n\n')}`;
}

/** [agent instructions (+ knowledge)] [caller's system] [...history] [message]. */
export function buildProviderMessages(agent: PublishedAgent, turns: ConversationTurns, passages: readonly Passage[] = []): ProviderMessage[] {
  const instructions = agent.behaviour?.instructions.trim() || fallbackInstructions(agent);
  const first = passages.length ? `${instructions}\n\n${formatPassages(passages)}` : instructions;
  return [
    { role: 'system', content: first },
    ...(turns.system ? [{ role: 'system' as const, content: turns.system }] : []),
    ...turns.history,
    { role: 'user', content: turns.message },
  ];
}

/** The sampling settings a reply uses: the caller's where it gives them (`/v1`), else the agent's. */
export function samplingFor(
  behaviour: AgentBehaviour | null,
  caller: { temperature?: number; stop?: string[] },
): Pick<ProviderRequest, 'temperature' | 'stop' | 'model' | 'imageModel'> {
  const temperature = caller.temperature ?? behaviour?.temperature ?? undefined;
  // OpenAI takes at most four stop sequences: the agent's come first.
  const stop = [...new Set([...(behaviour?.stop ?? []), ...(caller.stop ?? [])])].slice(0, 4);
  return {
    ...(temperature !== undefined ? { temperature } : {}),
    ...(stop.length ? { stop } : {}),
    ...(behaviour?.model ? { model: behaviour.model } : {}),
    ...(behaviour?.images.model ? { imageModel: behaviour.images.model } : {}),
  };
}

/** The image size a reply uses: the one asked for if the agent offers it, else the agent's first. */
export function imageSizeFor(behaviour: AgentBehaviour | null, asked: ImageSize | undefined): ImageSize | undefined {
  const offered = behaviour?.images.sizes ?? [];
  if (!offered.length || (asked && offered.includes(asked))) return asked;
  return offered[0];
}

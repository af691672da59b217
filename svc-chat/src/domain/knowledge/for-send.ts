import { estimateTokens, type MessageSource } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import type { ChatSchema } from '../../db/schema';
import { formatPassages, type Passage } from '../provider-request';
import { type RetrievedPassage, retrievePassages } from './retrieval';

/** What a send takes from the agent's knowledge: the passages, and what they cost as input. */
export interface SendKnowledge {
  passages: RetrievedPassage[];
  /** The tokens the knowledge adds to what the model reads: reserved and charged like the message's. */
  tokens: number;
}

export const NO_KNOWLEDGE: SendKnowledge = { passages: [], tokens: 0 };

export function providerPassages(knowledge: SendKnowledge): Passage[] {
  return knowledge.passages.map((passage) => ({ source: passage.fileName, page: passage.page, text: passage.text }));
}

/**
 * The passages for a message, before anything is reserved: their tokens are counted from the very
 * text the model is given (the knowledge block and the blank line before it), so the reservation
 * and the charge hold them and "charged ≥ delivered" keeps holding.
 */
export async function knowledgeForSend(db: Db<ChatSchema>, agentId: string, message: string, budget?: number): Promise<SendKnowledge> {
  const passages = await retrievePassages(db, { agentId, text: message, ...(budget === undefined ? {} : { budget }) });
  if (passages.length === 0) return NO_KNOWLEDGE;
  return { passages, tokens: estimateTokens(`\n\n${formatPassages(providerPassages({ passages, tokens: 0 }))}`) };
}

/** The reply's "Sources": one per passage the model was given, in the order it saw them; null when none. */
export function replySources(knowledge: SendKnowledge): MessageSource[] | null {
  return knowledge.passages.length ? knowledge.passages.map((passage) => ({ passageId: passage.id, fileName: passage.fileName, page: passage.page })) : null;
}

import type { DraftTestReply, DraftTestRequest } from '@agentdock/contracts';
import { AppError } from '@agentdock/service-kit';
import { eq } from '@agentdock/service-data/orm';
import { chatAgents } from '../db/schema';
import { ProviderError } from '../providers/provider';
import type { StopSignal } from '../stop';
import { producesImages } from './agents';
import { agentReplyLimit } from './agents';
import type { SendDeps } from './chat';
import { buildProviderMessages, imageSizeFor, type Passage, samplingFor } from './provider-request';

/**
 * One turn of the console's "Draft test" chat: the form's draft answers exactly as it would once
 * published (same request building, same connection), but nothing is reserved, charged or
 * stored. Admins only; a provider's failure is shown to them in its own words.
 */
export async function runDraftTest(
  deps: Pick<SendDeps, 'context' | 'provider' | 'connections' | 'replyLimits'>,
  agentId: string,
  input: DraftTestRequest,
  signal: StopSignal,
  passages: Passage[] = [],
): Promise<DraftTestReply> {
  const [row] = await deps.context.db.select().from(chatAgents).where(eq(chatAgents.id, agentId));
  if (!row) throw new AppError('agent_not_found', `No agent with id "${agentId}" has reached the chat service yet`);
  const agent = { ...row, behaviour: input.behaviour, publishedVersion: null };
  const provider = deps.connections ? await deps.connections.providerFor(agent.behaviour.connectionId) : deps.provider;
  const imageSize = imageSizeFor(agent.behaviour, undefined);
  try {
    const reply = await provider.reply({
      agent: { key: agent.key, name: agent.name, description: agent.description, providerAgentId: agent.providerAgentId, producesImages: producesImages(agent) },
      message: input.message,
      history: input.history,
      messages: buildProviderMessages({ key: agent.key, name: agent.name, version: null, behaviour: agent.behaviour }, input, passages),
      ...samplingFor(agent.behaviour, {}),
      ...(imageSize ? { imageSize } : {}),
      signal,
      maxTokens: agentReplyLimit(deps.replyLimits, agent),
      onToken: () => undefined,
      onWaiting: () => undefined,
    });
    return { text: reply.text, imageUrl: reply.imageUrl, model: agent.behaviour.model };
  } catch (error) {
    if (error instanceof ProviderError) throw new AppError('connection_failed', `The draft could not be answered: ${error.message}`);
    throw error;
  }
}

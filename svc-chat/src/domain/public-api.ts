import { randomUUID } from 'node:crypto';
import { estimateTokens, isAgentVisibleToTier, messageText, type OpenAiChatMessage } from '@agentdock/contracts';
import { asc } from '@agentdock/service-data/orm';
import { chatAgents } from '../db/schema';
import { PROVIDER_FAILURE_REASON, type ProviderRequest } from '../providers/provider';
import type { AgentRecord } from './agents';
import type { ApiCaller } from './api-keys';
import { agentReplyLimit } from './agents';
import type { SendDeps } from './chat';
import { PublicApiError, StaleApiCallerError } from './errors';
import type { Delivered } from './metering/cut-off';
import { meteredReply, type MeteredResult, type ReplyRequest } from './metering/metered-reply';
import { type Reservation, reserveReply } from './metering/reserve';
import { apiSettlement, recordRequest } from './api-request-record';
import type { Settlement } from './metering/settle';
import { walletInUse } from './wallet';
import { knowledgeForSend, NO_KNOWLEDGE, providerPassages, type SendKnowledge } from './knowledge/for-send';
import { agentsByApiKey, type ApiAgent } from './api-agents';
import { apiReservation, reserveOnSnapshot } from './api-reservations';

/**
 * The `/v1` API's domain: which agents a key may use (as OpenAI models), how an OpenAI
 * conversation becomes a provider request, and the metered reply, recorded as metadata only.
 */

export interface PublicApiDeps extends SendDeps {
  /** API_LOG_CONTENT: the texts of each request and reply go to the log. */
  logContent: boolean;
}

/** OpenAI's `Model` object. */
export interface OpenAiModel {
  id: string;
  object: 'model';
  created: number;
  owned_by: 'agentdock';
}

export function toOpenAiModel(agent: AgentRecord): OpenAiModel {
  return { id: agent.key, object: 'model', created: Math.floor(agent.createdAt.getTime() / 1000), owned_by: 'agentdock' };
}

/** The agents the key may use: those of the owner's tier, narrowed to the key's allowed agents when it names some. */
export async function modelsFor(deps: Pick<SendDeps, 'context'>, caller: ApiCaller): Promise<AgentRecord[]> {
  const rows = await deps.context.db.select().from(chatAgents).orderBy(asc(chatAgents.key));
  const allowed = caller.key.allowedAgents ? new Set(caller.key.allowedAgents) : null;
  const seen = new Set<string>();
  return rows.filter((row) => {
    if (!isAgentVisibleToTier(row, caller.tier) || (allowed && !allowed.has(row.key)) || seen.has(row.key)) return false;
    seen.add(row.key);
    return true;
  });
}

export type { ApiAgent } from './api-agents';

/**
 * One agent the key may use, by its slug; anything else (unknown, above the tier, not allowed) is
 * the same 404. Read with the caller's wallet when the request named it at authentication.
 */
export async function modelFor(deps: Pick<SendDeps, 'context'>, caller: ApiCaller, id: string): Promise<ApiAgent> {
  const allowed = caller.key.allowedAgents === null || caller.key.allowedAgents.includes(id);
  const agents = !allowed ? [] : caller.agentsRead?.key === id ? caller.agentsRead.agents : await agentsByApiKey(deps.context.db, id);
  const agent = agents.find((candidate) => isAgentVisibleToTier(candidate, caller.tier));
  if (agent) return agent;
  // The owner may have moved up a plan since the snapshot: a refusal is made on a fresh read.
  if (allowed && caller.fromSnapshot) throw new StaleApiCallerError();
  throw new PublicApiError('model_not_found', `The model '${id}' does not exist or you do not have access to it.`, 'model');
}

/** An OpenAI conversation as the provider takes it: the caller's instructions, the earlier turns and the last user message. */
export interface ApiConversation {
  system: string | undefined;
  history: ProviderRequest['history'];
  message: string;
  /** What the caller sent that goes to the provider, in tokens: charged with the reply. */
  promptTokens: number;
}

/**
 * System and developer messages become the provider's instructions, earlier user and assistant
 * messages its history, the last user message the message; messages after it are left out.
 * Throws 400 with `param` at the message at fault.
 */
export function readConversation(messages: OpenAiChatMessage[]): ApiConversation {
  const texts = messages.map((message, index) => {
    const text = messageText(message.content);
    if (text === null)
      throw new PublicApiError('invalid_request', `messages[${index}].content has a part these models cannot read: send text parts only.`, `messages.${index}.content`);
    return text;
  });
  const last = messages.findLastIndex((message) => message.role === 'user');
  if (last < 0) throw new PublicApiError('invalid_request', "messages must include a message with role 'user'.", 'messages');
  const system: string[] = [];
  const history: ProviderRequest['history'] = [];
  for (let index = 0; index < last; index += 1) {
    const { role } = messages[index]!;
    const content = texts[index]!;
    if (role === 'system' || role === 'developer') system.push(content);
    else if (role === 'user' || role === 'assistant') history.push({ role, content });
    else
      throw new PublicApiError(
        'invalid_request',
        `messages[${index}] has role '${role}': these models do not call tools, so send system, developer, user and assistant messages only.`,
        `messages.${index}.role`,
      );
  }
  const message = texts[last]!;
  const promptTokens = [...system, ...history.map((turn) => turn.content), message].reduce((sum, text) => sum + estimateTokens(text), 0);
  return { system: system.length ? system.join('\n\n') : undefined, history, message, promptTokens };
}

/** A metered `/v1` request, reserved: what it may cost is set aside and counts one API call. */
export interface ApiReservation {
  reservation: Reservation;
  agent: ApiAgent;
  caller: ApiCaller;
  kind: 'chat' | 'image';
  startedAt: number;
  knowledge: SendKnowledge;
}

/**
 * Reserves for a `/v1` request: one of the plan's API calls, and credits for the prompt and the
 * longest reply the wallet, the agent, the request's `max_tokens` and the key's monthly cap allow.
 */
export async function reserveApiReply(
  deps: PublicApiDeps,
  caller: ApiCaller,
  agent: ApiAgent,
  input: { promptTokens: number; maxTokens: number | null; kind: 'chat' | 'image'; startedAt: number; question?: string },
): Promise<ApiReservation> {
  const snapshot = caller.fromSnapshot ? caller.wallet : undefined;
  // A snapshot's wallet is not rolled here: one whose refill date has passed is read afresh (`reserveOnSnapshot`).
  const wallet = snapshot ?? (await walletInUse(deps.context.db, caller.wallet, caller));
  // The agent's knowledge applies on /v1 as in the web chat: its passages are prompt tokens like the caller's.
  const knowledge = input.kind === 'chat' && input.question ? await knowledgeForSend(deps.context.db, agent.id, input.question, agent.knowledgeBudget) : NO_KNOWLEDGE;
  const agentLimit = agentReplyLimit(deps.replyLimits, agent);
  const reserving = {
    userId: caller.userId,
    replyId: randomUUID(),
    messageTokens: input.promptTokens + knowledge.tokens,
    retrievedTokens: knowledge.tokens,
    maxReplyTokens: input.maxTokens === null ? agentLimit : Math.min(agentLimit, input.maxTokens),
    countsApiCall: true,
  };
  if (snapshot) {
    const reservation = await reserveOnSnapshot(deps.context.db, snapshot, { ...reserving, keyId: caller.key.id, agent });
    return { reservation, agent, caller, kind: input.kind, startedAt: input.startedAt, knowledge };
  }
  // A personal key without a monthly cap holds no counter: one statement reserves on the wallet as
  // read, unless the key was revoked meanwhile. Otherwise (a capped key, a team key whose member
  // row holds the cap, a wallet that moved, a revoked key) the wallet, the key and the member are
  // locked in a transaction, which also gives the refusals.
  const atOnce =
    caller.key.monthlyCreditCap === null && !caller.pool
      ? await reserveReply(deps.context.db, { ...reserving, atOnce: true, seen: wallet, recording: { statement: apiReservation, values: { keyId: caller.key.id } } })
      : null;
  const reservation =
    atOnce ?? (await deps.context.transaction((tx) => reserveReply(tx, { ...reserving, keyId: caller.key.id, ...(caller.pool && { pool: caller.pool, seen: wallet }) })));
  return { reservation, agent, caller, kind: input.kind, startedAt: input.startedAt, knowledge };
}

/** How a `/v1` reply went, for its answer. */
export interface ApiReply {
  delivered: Delivered;
  promptTokens: number;
  completionTokens: number;
}

/** The neutral text of a failed `/v1` request: what went wrong inside the provider stays in the log. */
export function apiFailureText(requestId: string | undefined): string {
  const reason = PROVIDER_FAILURE_REASON.charAt(0).toUpperCase() + PROVIDER_FAILURE_REASON.slice(1);
  return `${reason}${requestId ? ` (request ${requestId})` : ''}. Please try again.`;
}

/**
 * Runs the reply through the metering web chat uses too, and records the request's metadata (no
 * content) in the settlement's transaction: 200, 499 when the caller left before the end (charged
 * for what was generated), 502 when the provider failed (nothing charged).
 */
export async function runApiReply(deps: PublicApiDeps, reserved: ApiReservation, request: Omit<ReplyRequest, 'agent'>): Promise<MeteredResult<ApiReply, string>> {
  const { reservation, agent, caller } = reserved;
  const row = {
    id: reservation.replyId,
    keyId: caller.key.id,
    userId: caller.userId,
    agentId: agent.id,
    kind: reserved.kind,
    requestId: request.requestId ?? null,
    agentVersion: agent.publishedVersion,
  };
  const latencyMs = () => Math.min(2_147_483_647, Date.now() - reserved.startedAt);
  const completionTokens = (settlement: Pick<Settlement, 'cost'>) => settlement.cost.tokens - reservation.messageTokens;
  const settledRow = (settlement: Pick<Settlement, 'cost' | 'charged'>) => ({
    ...row,
    promptTokens: reservation.messageTokens,
    completionTokens: completionTokens(settlement),
    credits: settlement.charged,
    latencyMs: latencyMs(),
    status: request.signal.aborted ? 499 : 200,
  });
  const reply = (settlement: Pick<Settlement, 'cost' | 'delivered'>): ApiReply => ({
    delivered: settlement.delivered,
    promptTokens: reservation.messageTokens,
    completionTokens: completionTokens(settlement),
  });
  const result = await meteredReply<ApiReply, string>(
    deps,
    reservation,
    { ...request, agent, connection: agent.connection, ...(reserved.knowledge.passages.length ? { passages: providerPassages(reserved.knowledge) } : {}) },
    {
      settled: async (tx, settlement: Settlement) => {
        await recordRequest.run(tx, settledRow(settlement));
        return reply(settlement);
      },
      atOnce: { statement: apiSettlement, values: settledRow, done: reply },
      failed: async (tx) => {
        await recordRequest.run(tx, { ...row, promptTokens: reservation.messageTokens, completionTokens: 0, credits: 0, latencyMs: latencyMs(), status: 502 });
        return apiFailureText(request.requestId);
      },
    },
  );
  if (deps.logContent) {
    deps.context.logger.info(
      {
        requestId: request.requestId,
        keyId: caller.key.id,
        model: agent.key,
        system: request.system,
        history: request.history,
        message: request.message,
        reply: result.ok ? result.done.delivered.text : null,
        imageUrl: result.ok ? result.done.delivered.imageUrl : null,
      },
      'public API request content (API_LOG_CONTENT=true)',
    );
  }
  return result;
}

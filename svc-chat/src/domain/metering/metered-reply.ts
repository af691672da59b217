import type { ImageSize } from '@agentdock/contracts';
import { nextPollPhase } from '../../event-loop';
import type { ConnectionRow } from '../../providers/connection-directory';
import { eitherStop, type StopSignal } from '../../stop';
import { type ChatProvider, failureApology, ProviderError, type ProviderRequest } from '../../providers/provider';
import { type AgentRecord, producesImages } from '../agents';
import { buildProviderMessages, imageSizeFor, type Passage, samplingFor } from '../provider-request';
import { cutOffAt, type Delivered, deliveredWhole } from './cut-off';
import type { Reservation } from './reserve';
import { release, type ReplyRecorder, settle, type SettleDeps } from './settle';

/**
 * Metering of one reply, the same for the web chat and the `/v1` API: reserve what the caller can
 * pay for (`reserve.ts`, within `bound.ts`), hold the provider to it (`cut-off.ts`), then settle
 * to what was delivered or give it all back on failure (`settle.ts`). Each caller stores its own
 * record of the reply (a chat message, or an API request's metadata) in the same transactions,
 * through `ReplyRecorder`.
 */

export interface MeterDeps extends SettleDeps {
  /** Answers when no model connection does (no connections, or the agent platform). */
  provider: ChatProvider;
  /** The admin's model connections: the agent's own, or the default one. */
  connections?: ProviderSource;
}

/** Where the provider of an agent's connection comes from. */
export interface ProviderSource {
  /** `read`: the connection as the caller read it with the agent (null: none), so it is not read again. */
  providerFor(connectionId: string | null | undefined, read?: ConnectionRow | null): Promise<ChatProvider>;
}

/** What the provider is asked, and where the reply goes as it arrives. */
export interface ReplyRequest {
  agent: AgentRecord;
  /** The agent's connection, when it was read with the agent (`ProviderSource.providerFor`). */
  connection?: ConnectionRow | null;
  message: string;
  history: ProviderRequest['history'];
  /** A `/v1` caller's own system and developer messages: sent after the agent's instructions. */
  system?: string;
  /** A `/v1` caller's sampling settings: they win over the agent's. */
  temperature?: number;
  stop?: string[];
  /** Passages of the agent's knowledge retrieved for this send, sent with the instructions. */
  passages?: Passage[];
  /** For image agents: the size asked for. */
  imageSize?: ImageSize;
  /** In the log lines of a failure and in the apology the caller sees. */
  requestId?: string;
  /**
   * The caller left (or stopped): the reply is charged for what was generated up to then (of one
   * asked for whole, `ProviderRequest.whole`, nothing had arrived before its end).
   */
  signal: StopSignal;
  onWaiting(): void;
  /** Where the reply goes as it arrives; absent: the caller answers only once it is settled (`ProviderRequest.whole`). */
  onToken?(text: string): void;
  /** A reply without an image counts as a failure (the `/v1` images endpoint would have nothing to answer). */
  requireImage?: boolean;
}

const noReader = () => undefined;

export type MeteredResult<TDone, TFailed> = { ok: true; done: TDone } | { ok: false; error: TFailed };

/**
 * Calls the provider and settles. The stream is cut where the reply would cost more than the
 * reservation; a reply the caller stops or leaves is charged for what was generated up to then;
 * a failed one gives the reservation (and the API call it counted) back in full.
 */
export async function meteredReply<TDone, TFailed>(
  deps: MeterDeps,
  reservation: Reservation,
  request: ReplyRequest,
  record: ReplyRecorder<TDone, TFailed>,
): Promise<MeteredResult<TDone, TFailed>> {
  const bound = reservation.replyBound;
  const reader = request.onToken;
  const stream = cutOffAt(bound, reader ?? noReader);
  let delivered: Delivered;
  // The caller's leaving or the cut at the bound stops the provider, while it answers.
  const stopped = eitherStop(request.signal, stream.signal);
  try {
    const { agent } = request;
    const provider = deps.connections ? await deps.connections.providerFor(agent.behaviour?.connectionId, request.connection) : deps.provider;
    const imageSize = imageSizeFor(agent.behaviour, request.imageSize);
    const reply = await provider.reply({
      agent: { key: agent.key, name: agent.name, description: agent.description, providerAgentId: agent.providerAgentId, producesImages: producesImages(agent) },
      message: request.message,
      history: request.history,
      messages: buildProviderMessages(
        { key: agent.key, name: agent.name, version: agent.publishedVersion, behaviour: agent.behaviour },
        { ...(request.system ? { system: request.system } : {}), history: request.history, message: request.message },
        request.passages,
      ),
      ...samplingFor(agent.behaviour, request),
      ...(imageSize ? { imageSize } : {}),
      signal: stopped.signal,
      maxTokens: bound,
      onToken: stream.onToken,
      ...(!reader && { whole: true }),
      onWaiting: request.onWaiting,
    });
    if (request.requireImage && !reply.imageUrl && !request.signal.aborted) throw new ProviderError('the image agent answered without an image');
    delivered = stream.cut
      ? stream.endedEarly('out-of-credits', reply.imageUrl)
      : request.signal.aborted
        ? stream.endedEarly('stopped', reply.imageUrl)
        : deliveredWhole(reply, bound);
  } catch (error) {
    if (stream.cut) delivered = stream.endedEarly('out-of-credits', null);
    else if (request.signal.aborted) delivered = stream.endedEarly('stopped', null);
    else {
      deps.context.logger.warn(
        { err: error, requestId: request.requestId, agentId: request.agent.id, replyId: reservation.replyId },
        'agent provider failed; reservation released',
      );
      return { ok: false, error: await release(deps.context, reservation, failureApology(request.requestId), record) };
    }
  } finally {
    stopped.release();
  }
  // The reply's last tokens were written in this same turn of the event loop; they leave (and
  // the gateway forwards them) only once it gives the loop a turn. On PGlite the settlement's
  // queries run without ever doing so, so in the embedded default, where the gateway shares
  // this process, a reply that arrived in one burst would reach the reader only after it commits.
  // One poll phase is that turn; a timer here cost every reply (streamed or not) a millisecond.
  // Without a reader nothing was written yet.
  if (reader) await nextPollPhase();
  return { ok: true, done: await settle(deps, reservation, request.agent, delivered, record) };
}

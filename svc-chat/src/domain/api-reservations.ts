import type { Db } from '@agentdock/service-data';
import { type SQL, sql } from '@agentdock/service-data/orm';
import type { ChatSchema } from '../db/schema';
import type { ApiAgent } from './api-agents';
import { StaleApiCallerError } from './errors';
import { apiCallsExhausted, bookedColumns, bookedStep, reservationRecording, type WalletRow } from './ledger';
import { fullReplyCredits } from './metering/bound';
import { type Reservation, type ReserveInput, reserveReply } from './metering/reserve';

/** The statements that reserve for a `/v1` request with a personal key without a monthly cap, each one round trip. */

const keyNotRevoked = sql`not exists (select 1 from chat_api_keys where id = ${sql.placeholder('keyId')}::uuid and revoked_at is not null)`;
const apiReservationStatement = (name: string, guard: SQL) =>
  reservationRecording(name, { ctes: sql`key_checked as (select 1)`, select: sql`select ${bookedColumns} from ${bookedStep}`, guard });

/** The reservation of a request with an uncapped key, made only while the key is not revoked. */
export const apiReservation = apiReservationStatement('chat_api_reservation', keyNotRevoked);

/**
 * The same on a snapshot (`reserveOnSnapshot`), made only while what the request took from it
 * still holds: the wallet's tier (the agents it may use, its rate limit), a refill date still to
 * come (nothing to roll first), a balance from which the reply is bounded by its maximum alone
 * (`fullReplyCredits`), and the agent as it was: active, of its tier, at its published version.
 */
const apiReservationOnSnapshot = apiReservationStatement(
  'chat_api_reservation_on_snapshot',
  sql`${keyNotRevoked}
    and chat_wallets.tier = ${sql.placeholder('seenTier')}
    and chat_wallets.credits_refill_at > ${sql.placeholder('at')}::timestamptz
    and chat_wallets.credits_remaining + chat_wallets.purchased_credits >= ${sql.placeholder('fullReplyCredits')}::bigint
    and exists (
      select 1 from chat_agents as agent
      where agent.id = ${sql.placeholder('agentId')}::uuid and agent.is_active and agent.tier = ${sql.placeholder('agentTier')}
        and agent.published_version is not distinct from ${sql.placeholder('agentVersion')}::integer
    )`,
);

/**
 * A personal uncapped key's reservation on this replica's snapshot of its wallet and agent: one
 * statement, no read before it. Only where the snapshot's figures leave nothing to refuse or
 * narrow (the refill date to come, an API call left, a balance bounding the reply by its maximum
 * alone), and only while its statement finds that still so (`apiReservationOnSnapshot`): it then
 * sets aside exactly what a fresh read would have. Otherwise `StaleApiCallerError`, with nothing
 * written.
 */
export async function reserveOnSnapshot(
  db: Db<ChatSchema>,
  wallet: WalletRow,
  input: Omit<ReserveInput, 'seen' | 'recording' | 'keyId'> & { keyId: string; agent: ApiAgent },
  now = new Date(),
): Promise<Reservation> {
  const { keyId, agent, ...reserving } = input;
  const enough = fullReplyCredits(reserving);
  if (wallet.creditsRefillAt <= now || apiCallsExhausted(wallet) || wallet.creditsRemaining + wallet.purchasedCredits < enough) throw new StaleApiCallerError();
  const values = {
    keyId,
    at: now.toISOString(),
    seenTier: wallet.tier,
    fullReplyCredits: enough,
    agentId: agent.id,
    agentTier: agent.tier,
    agentVersion: agent.publishedVersion,
  };
  const reservation = await reserveReply(db, { ...reserving, atOnce: true, seen: wallet, recording: { statement: apiReservationOnSnapshot, values } });
  if (!reservation) throw new StaleApiCallerError();
  return reservation;
}

import { type EventEnvelope, userReactivatedV1, userSuspendedV1 } from '@agentdock/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Logger, AccountSuspendedError, type TokenVerifier } from '@agentdock/service-kit';
import { type Db, inTransaction } from '../db/database';
import { suspendedUsers } from '../db/kit-schema';
import type { SubscribeOptions } from '../events/bus';
import { idempotentHandler } from '../events/consumer';

/** How often a replica re-reads the table, to learn what events another replica consumed. */
const REFRESH_MS = 5_000;

/**
 * The users svc-identity has suspended, as this service knows them: a table in the service's own
 * database (kept by durable consumers of the suspended/reactivated events) and an in-memory set
 * read on every request. Replicas share one durable consumer, so each event reaches one replica;
 * the others pick the change up from the table within a few seconds (REFRESH_MS).
 */
export class SuspendedUsers {
  private ids = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  has(userId: string): boolean {
    return this.ids.has(userId);
  }

  async load(): Promise<void> {
    const rows = await this.db.select({ userId: suspendedUsers.userId }).from(suspendedUsers).where(eq(suspendedUsers.suspended, true));
    this.ids = new Set(rows.map((row) => row.userId));
  }

  startRefreshing(): void {
    this.timer = setInterval(() => {
      this.load().catch((error: unknown) => this.logger.warn({ err: error }, 'could not refresh the suspended users'));
    }, REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Records one suspension change unless a newer one is already recorded. */
  async record(tx: Db, userId: string, suspended: boolean, changedAt: Date): Promise<void> {
    await tx
      .insert(suspendedUsers)
      .values({ userId, suspended, changedAt })
      .onConflictDoUpdate({
        target: suspendedUsers.userId,
        set: { suspended, changedAt },
        setWhere: sql`${suspendedUsers.changedAt} <= ${changedAt}`,
      });
  }

  /** The durable consumers (named after the service) that keep the table and the set current. */
  consumers(service: string): SubscribeOptions[] {
    const follow = (event: typeof userSuspendedV1 | typeof userReactivatedV1, suspended: boolean, purpose: string): SubscribeOptions => {
      const durable = `${service}-${purpose}`;
      const apply = idempotentHandler({
        transaction: (work) => inTransaction(this.db, work),
        consumer: durable,
        event,
        apply: (tx, data, envelope: EventEnvelope) => this.record(tx, data.userId, suspended, new Date(envelope.occurredAt)),
      });
      return {
        durable,
        subject: event.subject,
        handler: async (envelope, delivery) => {
          await apply(envelope, delivery);
          // Re-read rather than flip one id, so an older redelivery cannot undo a newer change here either.
          await this.load();
        },
      };
    };
    return [follow(userSuspendedV1, true, 'user-suspended'), follow(userReactivatedV1, false, 'user-reactivated')];
  }
}

/** A verifier that also refuses (403 account_suspended) the tokens of suspended users. */
export function rejectingSuspended(verifier: TokenVerifier, suspended: Pick<SuspendedUsers, 'has'>): TokenVerifier {
  return {
    adminRequiresMfa: verifier.adminRequiresMfa,
    async verify(token) {
      const claims = await verifier.verify(token);
      if (suspended.has(claims.sub)) throw new AccountSuspendedError();
      return claims;
    },
  };
}

import { sessionRevokedV1 } from '@agentdock/contracts';
import { gt, lte } from 'drizzle-orm';
import { type Logger, SessionRevokedError, type TokenVerifier } from '@agentdock/service-kit';
import { type Db, inTransaction } from '../db/database';
import { revokedSessions } from '../db/kit-schema';
import type { SubscribeOptions } from '../events/bus';
import { idempotentHandler } from '../events/consumer';

/**
 * How often a replica re-reads the table, to learn what another replica's consumer recorded:
 * a revoked session's token is refused everywhere within this time of the event.
 */
const REFRESH_MS = 2_000;

/**
 * The sessions svc-identity has ended whose access tokens have not all expired yet, as this
 * service knows them: a table in its own database kept by a durable consumer of the
 * session-revoked event, and an in-memory map read on every request. Rows are forgotten once
 * their `until` has passed, so the map holds at most an access-token lifetime of sign-outs.
 */
export class RevokedSessions {
  private until = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  has(sessionId: string): boolean {
    const until = this.until.get(sessionId);
    return until !== undefined && until > this.now();
  }

  async load(): Promise<void> {
    const now = new Date(this.now());
    await this.db.delete(revokedSessions).where(lte(revokedSessions.until, now));
    const rows = await this.db.select().from(revokedSessions).where(gt(revokedSessions.until, now));
    this.until = new Map(rows.map((row) => [row.sessionId, row.until.getTime()]));
  }

  startRefreshing(): void {
    this.timer = setInterval(() => {
      this.load().catch((error: unknown) => this.logger.warn({ err: error }, 'could not refresh the revoked sessions'));
    }, REFRESH_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** The durable consumer (named after the service) that keeps the table and the map current. */
  consumer(service: string): SubscribeOptions {
    const durable = `${service}-session-revoked`;
    const apply = idempotentHandler({
      transaction: (work) => inTransaction(this.db, work),
      consumer: durable,
      event: sessionRevokedV1,
      apply: async (tx, data) => {
        await tx
          .insert(revokedSessions)
          .values({ sessionId: data.sessionId, until: new Date(data.until) })
          .onConflictDoNothing();
      },
    });
    return {
      durable,
      subject: sessionRevokedV1.subject,
      handler: async (envelope, delivery) => {
        await apply(envelope, delivery);
        const data = sessionRevokedV1.envelope.parse(envelope).data;
        this.until.set(data.sessionId, new Date(data.until).getTime());
      },
    };
  }
}

/** A verifier that also refuses (401 session_revoked) the tokens of sessions that have ended. */
export function rejectingRevoked(verifier: TokenVerifier, revoked: Pick<RevokedSessions, 'has'>): TokenVerifier {
  return {
    adminRequiresMfa: verifier.adminRequiresMfa,
    async verify(token) {
      const claims = await verifier.verify(token);
      if (claims.sid !== undefined && revoked.has(claims.sid)) throw new SessionRevokedError();
      return claims;
    },
  };
}

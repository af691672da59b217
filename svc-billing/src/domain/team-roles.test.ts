import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { AppError } from '@agentdock/service-kit';
import { type Database, type Db, inTransaction } from '@agentdock/service-data';
import { openTestDatabase } from '@agentdock/service-data/testing';
import { type BillingSchema, schema } from '../db/schema';
import { applyMemberRole, NEW_TEAM_WAIT, requireTeamManager } from './team-roles';

/**
 * `db` whose first read runs `between` after the database answered it and before the caller sees
 * the rows: an event's commit landing between two reads of one request, every time.
 */
function landingAfterFirstRead(db: Db<BillingSchema>, between: () => Promise<void>): Db<BillingSchema> {
  let armed = true;
  const chain = (builder: object): object =>
    new Proxy(builder, {
      get(target, property, receiver) {
        if (property === 'then') {
          return (onFulfilled: (rows: unknown) => unknown, onRejected: (error: unknown) => unknown) =>
            (target as PromiseLike<unknown>)
              .then(async (rows) => {
                if (armed) {
                  armed = false;
                  await between();
                }
                return rows;
              })
              .then(onFulfilled, onRejected);
        }
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const result: unknown = (value as (...inner: unknown[]) => unknown).apply(target, args);
          if (result === target) return receiver;
          return result !== null && typeof result === 'object' ? chain(result) : result;
        };
      },
    });
  return new Proxy(db, {
    get(target, property) {
      if (property === 'select') return (...args: Parameters<Db<BillingSchema>['select']>) => chain(target.select(...args));
      return Reflect.get(target, property, target);
    },
  });
}

describe('a team manager’s role, read while identity’s events arrive', () => {
  let database: Database<BillingSchema>;
  beforeEach(async () => {
    database = await openTestDatabase({ schema, migrationsFolder: fileURLToPath(new URL('../../migrations', import.meta.url)) });
  });
  afterEach(() => database.close());
  const learn = (organisationId: string, userId: string, role: 'owner' | 'member') =>
    inTransaction(database.db, (tx) => applyMemberRole(tx, { organisationId, userId, role, at: new Date() }));

  it('finds the owner whose team’s first fact lands between two reads', async () => {
    const team = randomUUID();
    const owner = randomUUID();
    const racing = landingAfterFirstRead(database.db, () => learn(team, owner, 'owner'));
    await expect(requireTeamManager(racing, team, owner)).resolves.toBe('owner');
  });

  it('tells a stranger at once that a team it knows does not exist, and a member that they lack the role', async () => {
    const team = randomUUID();
    const member = randomUUID();
    await learn(team, member, 'member');
    const started = Date.now();
    const stranger = await requireTeamManager(database.db, team, randomUUID()).catch((error: unknown) => error);
    expect(stranger).toBeInstanceOf(AppError);
    expect((stranger as AppError).status).toBe(404);
    expect(Date.now() - started).toBeLessThan(NEW_TEAM_WAIT.totalMs);
    const asMember = await requireTeamManager(database.db, team, member).catch((error: unknown) => error);
    expect((asMember as AppError).status).toBe(403);
  });
});

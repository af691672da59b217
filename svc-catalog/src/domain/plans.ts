import { type Plan, type PlanCreate, type PlanPatch, type PlanV1, planChangedV1, planChangedV2 } from '@agentdock/contracts';
import { type AdminActor, type Db, onUniqueViolation, recordAdminAction, type Tx } from '@agentdock/service-data';
import { asc, eq } from '@agentdock/service-data/orm';
import { type CatalogSchema, type PlanRow, plans } from '../db/schema';
import { CatalogError } from './errors';
import { withoutUndefined } from './patch';
import { type CatalogWriter, insertPublishing } from './writer';
import { annualPerMonthMinor, minorToDollarsV1 } from './pricing';

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tier: row.tier,
    currency: row.currency,
    monthly: row.monthlyPriceCents === null ? null : { amountMinor: row.monthlyPriceCents, priceId: row.monthlyPriceId },
    annual: row.annualPriceCents === null ? null : { amountMinor: row.annualPriceCents, priceId: row.annualPriceId },
    annualPerMonthMinor: annualPerMonthMinor(row.annualPriceCents),
    realTokensLimit: row.realTokensLimit,
    platformCreditsLimit: row.platformCreditsLimit,
    apiCallsLimit: row.apiCallsLimit,
    agentsIncluded: row.agentsIncluded,
    features: row.features,
    notIncluded: row.notIncluded,
    cta: row.cta,
    highlight: row.highlight,
    customPrice: row.customPrice,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The plan as the v1 event carried it (decimal dollars), published beside v2 until v1 has no reader. */
export function toPlanV1(plan: Plan): PlanV1 {
  const { currency: _currency, monthly, annual, annualPerMonthMinor: perMonth, ...rest } = plan;
  const dollars = (price: Plan['monthly']) => price && { amount: minorToDollarsV1(price.amountMinor), priceId: price.priceId };
  return { ...rest, monthly: dollars(monthly), annual: dollars(annual), annualPerMonth: perMonth === null ? null : minorToDollarsV1(perMonth) };
}

/** Publishes a plan change in both versions, in the caller's transaction (ADR 0006). */
export async function publishPlanChange(writer: CatalogWriter, tx: Tx<CatalogSchema>, change: 'created' | 'updated' | 'deleted', plan: Plan): Promise<void> {
  await writer.enqueue(tx, planChangedV1, { change, plan: toPlanV1(plan) });
  await writer.enqueue(tx, planChangedV2, { change, plan });
}

function toColumns(input: PlanPatch): Partial<typeof plans.$inferInsert> {
  const columns: Partial<typeof plans.$inferInsert> = {
    name: input.name,
    description: input.description,
    tier: input.tier,
    currency: input.currency,
    realTokensLimit: input.realTokensLimit,
    platformCreditsLimit: input.platformCreditsLimit,
    apiCallsLimit: input.apiCallsLimit,
    agentsIncluded: input.agentsIncluded,
    features: input.features,
    notIncluded: input.notIncluded,
    cta: input.cta,
    highlight: input.highlight,
    customPrice: input.customPrice,
    isActive: input.isActive,
    sortOrder: input.sortOrder,
  };
  if (input.monthly !== undefined) {
    columns.monthlyPriceCents = input.monthly === null ? null : input.monthly.amountMinor;
    columns.monthlyPriceId = input.monthly?.priceId ?? null;
  }
  if (input.annual !== undefined) {
    columns.annualPriceCents = input.annual === null ? null : input.annual.amountMinor;
    columns.annualPriceId = input.annual?.priceId ?? null;
  }
  return withoutUndefined(columns);
}

/** Plans in display order; inactive ones only for admins. */
export async function listPlans(db: Db<CatalogSchema>, options: { includeInactive: boolean }): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(options.includeInactive ? undefined : eq(plans.isActive, true))
    .orderBy(asc(plans.sortOrder), asc(plans.createdAt));
  return rows.map(toPlan);
}

export async function getPlan(db: Db<CatalogSchema>, id: string, options: { includeInactive: boolean }): Promise<Plan> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  if (!row || (!row.isActive && !options.includeInactive)) throw new CatalogError('plan_not_found', `No plan with id "${id}"`);
  return toPlan(row);
}

/** Inserts a plan and its `created` event; undefined when the id exists and `skipExisting` is set. */
async function insertPlan(writer: CatalogWriter, tx: Tx<CatalogSchema>, input: PlanCreate, skipExisting = false): Promise<Plan | undefined> {
  return insertPublishing(tx.insert(plans).values({ id: input.id, ...(toColumns(input) as Omit<typeof plans.$inferInsert, 'id'>) }), {
    skipExisting,
    serve: toPlan,
    publish: (plan) => publishPlanChange(writer, tx, 'created', plan),
  });
}

export async function createPlan(writer: CatalogWriter, actor: AdminActor, input: PlanCreate): Promise<Plan> {
  return onUniqueViolation(
    () =>
      writer.transaction(async (tx) => {
        const plan = (await insertPlan(writer, tx, input))!;
        await recordAdminAction(tx, { actor, action: 'plan.create', target: `plan:${plan.id}`, after: plan });
        return plan;
      }),
    () => new CatalogError('plan_exists', `A plan with id "${input.id}" already exists`),
  );
}

export async function updatePlan(writer: CatalogWriter, actor: AdminActor, id: string, patch: PlanPatch): Promise<Plan> {
  return writer.transaction(async (tx) => {
    const [current] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    const [row] = await tx
      .update(plans)
      .set({ ...toColumns(patch), updatedAt: new Date() })
      .where(eq(plans.id, id))
      .returning();
    if (!row) throw new CatalogError('plan_not_found', `No plan with id "${id}"`);
    const plan = toPlan(row);
    await publishPlanChange(writer, tx, 'updated', plan);
    await recordAdminAction(tx, { actor, action: 'plan.update', target: `plan:${id}`, before: current && toPlan(current), after: plan });
    return plan;
  });
}

export async function deletePlan(writer: CatalogWriter, actor: AdminActor, id: string): Promise<void> {
  await writer.transaction(async (tx) => {
    const [row] = await tx.delete(plans).where(eq(plans.id, id)).returning();
    if (!row) throw new CatalogError('plan_not_found', `No plan with id "${id}"`);
    await publishPlanChange(writer, tx, 'deleted', toPlan(row));
    await recordAdminAction(tx, { actor, action: 'plan.delete', target: `plan:${id}`, before: toPlan(row) });
  });
}

/**
 * Inserts the given plans when the catalog has none yet (first start), publishing each. A plan a
 * concurrently starting replica already inserted is skipped rather than failing the start.
 */
export async function seedPlansIfEmpty(writer: CatalogWriter, seed: readonly PlanCreate[]): Promise<number> {
  return writer.transaction(async (tx) => {
    const existing = await tx.select({ id: plans.id }).from(plans).limit(1);
    if (existing.length > 0) return 0;
    let inserted = 0;
    for (const input of seed) if (await insertPlan(writer, tx, input, true)) inserted += 1;
    return inserted;
  });
}

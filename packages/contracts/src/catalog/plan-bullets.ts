import type { Plan } from './plan';

/** The plan fields the numeric bullets are written from. */
export type PlanLimits = Pick<Plan, 'platformCreditsLimit' | 'agentsIncluded' | 'apiCallsLimit' | 'realTokensLimit'>;

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The bullets that state a plan's numbers, written from its limits so a bullet can never promise
 * more (or less) than the platform enforces. A limit left empty (null) is set by contract: credits
 * and API calls then read "Custom …"; agents and real tokens say nothing, so a contract plan's own
 * free-text bullet (e.g. "All AI agents plus custom agents") speaks for them.
 *
 * @example planLimitBullets({ platformCreditsLimit: 1_000_000, agentsIncluded: 5, apiCallsLimit: 250, realTokensLimit: 10_000 });
 * // ['1,000,000 platform credits per month', 'Access to 5 AI agents', '250 API calls per month', '10,000 real tokens']
 */
export function planLimitBullets(limits: PlanLimits): string[] {
  const bullets: string[] = [];
  bullets.push(
    limits.platformCreditsLimit === null
      ? 'Custom platform credits'
      : `${count(limits.platformCreditsLimit)} platform ${limits.platformCreditsLimit === 1 ? 'credit' : 'credits'} per month`,
  );
  if (limits.agentsIncluded !== null) bullets.push(`Access to ${count(limits.agentsIncluded)} AI ${limits.agentsIncluded === 1 ? 'agent' : 'agents'}`);
  bullets.push(limits.apiCallsLimit === null ? 'Custom API call limits' : `${count(limits.apiCallsLimit)} API ${limits.apiCallsLimit === 1 ? 'call' : 'calls'} per month`);
  if (limits.realTokensLimit !== null) bullets.push(`${count(limits.realTokensLimit)} real ${limits.realTokensLimit === 1 ? 'token' : 'tokens'}`);
  return bullets;
}

/** Every bullet a plan shows: the generated numeric ones first, then its free-text features. */
export function planBullets(plan: PlanLimits & Pick<Plan, 'features'>): string[] {
  return [...planLimitBullets(plan), ...plan.features];
}

const LIMIT_WORDS = /\b(credits?|agents?|api calls?|tokens?)\b/i;
const CUSTOM_LIMIT_BULLETS = new Set(['custom platform credits', 'custom api call limits']);

/**
 * Whether a free-text bullet states what the limits already say: a figure next to credits,
 * agents, API calls or tokens ("Access to all 10 AI agents"), or the generated "Custom …" text.
 * Such bullets are refused on save and removed from stored plans, as they would drift.
 */
export function statesPlanLimit(bullet: string): boolean {
  const text = bullet.trim();
  return CUSTOM_LIMIT_BULLETS.has(text.toLowerCase()) || (/\d/.test(text) && LIMIT_WORDS.test(text));
}

export const PLAN_LIMIT_BULLET_MESSAGE = 'Credits, agents, API calls and tokens come from the plan’s limits; set the limit instead of writing this bullet.';

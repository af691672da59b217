import type { Plan, PlanCreate, PlanPatch } from '@agentdock/contracts';
import { decimalTextToMinor, minorToDecimalText } from '@agentdock/ui';
import { fieldNamedBy, integerOrNull, lines } from '../console/use-record-form';

/** The plan form's fields, as typed. */
export type PlanValues = {
  id: string;
  name: string;
  description: string;
  tier: string;
  monthlyPrice: string;
  monthlyPriceId: string;
  annualPrice: string;
  annualPriceId: string;
  realTokensLimit: string;
  platformCreditsLimit: string;
  apiCallsLimit: string;
  agentsIncluded: string;
  features: string;
  notIncluded: string;
  cta: string;
  sortOrder: string;
  highlight: boolean;
  customPrice: boolean;
  isActive: boolean;
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export const EMPTY_PLAN: PlanValues = {
  id: '',
  name: '',
  description: '',
  tier: 'free',
  monthlyPrice: '',
  monthlyPriceId: '',
  annualPrice: '',
  annualPriceId: '',
  realTokensLimit: '',
  platformCreditsLimit: '',
  apiCallsLimit: '',
  agentsIncluded: '',
  features: '',
  notIncluded: '',
  cta: 'Get Started',
  sortOrder: '0',
  highlight: false,
  customPrice: false,
  isActive: true,
};

export function planValues(plan: Plan): PlanValues {
  return {
    id: plan.id,
    name: plan.name,
    description: plan.description,
    tier: plan.tier,
    monthlyPrice: plan.monthly ? minorToDecimalText(plan.monthly.amountMinor) : '',
    monthlyPriceId: plan.monthly?.priceId ?? '',
    annualPrice: plan.annual ? minorToDecimalText(plan.annual.amountMinor) : '',
    annualPriceId: plan.annual?.priceId ?? '',
    realTokensLimit: text(plan.realTokensLimit),
    platformCreditsLimit: text(plan.platformCreditsLimit),
    apiCallsLimit: text(plan.apiCallsLimit),
    agentsIncluded: text(plan.agentsIncluded),
    features: plan.features.join('\n'),
    notIncluded: plan.notIncluded.join('\n'),
    cta: plan.cta,
    sortOrder: String(plan.sortOrder),
    highlight: plan.highlight,
    customPrice: plan.customPrice,
    isActive: plan.isActive,
  };
}

/**
 * A price with neither amount nor price id is "no such option" (null), e.g. Enterprise's. The
 * amount is typed in dollars and sent in cents, converted from its digits (no float on the way);
 * what does not parse is sent as typed so the server's message lands next to the field.
 */
function price(amount: string, priceId: string) {
  if (amount.trim() === '' && priceId.trim() === '') return null;
  return { amountMinor: amount.trim() === '' ? null : (decimalTextToMinor(amount) ?? amount), priceId: priceId.trim() || null };
}

/**
 * The request body: prices in minor units, limits as whole numbers, lists one per line. What
 * does not parse is sent as typed so the server's message lands next to the field.
 */
export function planBody(values: PlanValues): PlanPatch {
  return {
    name: values.name,
    description: values.description,
    tier: values.tier,
    monthly: price(values.monthlyPrice, values.monthlyPriceId),
    annual: price(values.annualPrice, values.annualPriceId),
    realTokensLimit: integerOrNull(values.realTokensLimit),
    platformCreditsLimit: integerOrNull(values.platformCreditsLimit),
    apiCallsLimit: integerOrNull(values.apiCallsLimit),
    agentsIncluded: integerOrNull(values.agentsIncluded),
    features: lines(values.features),
    notIncluded: lines(values.notIncluded),
    cta: values.cta,
    sortOrder: integerOrNull(values.sortOrder) ?? 0,
    highlight: values.highlight,
    customPrice: values.customPrice,
    isActive: values.isActive,
  } as PlanPatch;
}

export function planCreateBody(values: PlanValues): PlanCreate {
  return { ...planBody(values), id: values.id.trim() } as PlanCreate;
}

/** Which field shows a server message about `path`, e.g. `monthly.amountMinor` → the monthly price. */
export function planFieldOf(path: string): keyof PlanValues | undefined {
  const [head, tail] = path.split('.');
  if (head === 'monthly' || head === 'annual') return tail === 'priceId' ? (`${head}PriceId` as const) : (`${head}Price` as const);
  return fieldNamedBy(EMPTY_PLAN, path);
}

import { planBullets } from '@agentdock/contracts';
import { lines } from '../console/use-record-form';
import type { PlanValues } from './plan-values';

/** A limit as typed: a whole number, or null (custom) when empty; anything else is left out of the preview until it parses. */
function limit(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * The bullets the pricing page will show for the values being edited: those stating credits,
 * agents, API calls and tokens come from the limits above, the rest from the free-text lines.
 */
export function PlanBulletsPreview({ values }: { values: PlanValues }) {
  const limits = {
    platformCreditsLimit: limit(values.platformCreditsLimit),
    agentsIncluded: limit(values.agentsIncluded),
    apiCallsLimit: limit(values.apiCallsLimit),
    realTokensLimit: limit(values.realTokensLimit),
  };
  const typed = Object.values(limits).every((value) => value !== undefined);
  return (
    <div className="adm-plan-preview" aria-labelledby="adm-plan-preview-title">
      <h4 id="adm-plan-preview-title">Bullets on the pricing page</h4>
      {typed ? (
        <ul data-testid="plan-bullets-preview">
          {planBullets({ ...(limits as { [K in keyof typeof limits]: number | null }), features: lines(values.features) }).map((bullet, index) => (
            <li key={`${index}-${bullet}`}>{bullet}</li>
          ))}
        </ul>
      ) : (
        <p className="ad-muted">Enter the limits as whole numbers to see the bullets.</p>
      )}
      <p className="ad-muted">Credits, agents, API calls and tokens are written from the limits; list only the other features below.</p>
    </div>
  );
}

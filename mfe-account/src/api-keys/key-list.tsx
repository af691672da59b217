import { useEffect, useRef, useState } from 'react';
import { API_KEY_PREFIX } from '@agentdock/contracts';
import { Alert, Badge, Button } from '@agentdock/ui';
import { formatCount, formatDate } from '../dashboard/format';
import type { ApiKeyRow, ChatAgent } from './api-keys-api';

export const NO_KEYS = 'You have no API keys yet. Create one to call your agents from your own code.';
export const USAGE_FAILED = "This month's use could not be loaded; the figures show as —.";

/** A moment with its time, in the reader's locale, e.g. "Nov 23, 2026, 10:04 AM". */
export function formatMoment(value: string, locale?: string): string {
  return new Date(value).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** How a key is recognised without its secret: the prefix every key has and its last four characters. */
export const maskedKey = (lastFour: string) => `${API_KEY_PREFIX}…${lastFour}`;

interface KeyListProps {
  rows: ApiKeyRow[];
  /** svc-chat did not answer: the figures of this month are unknown (not zero). */
  usageFailed: boolean;
  /** Names for allowed agents' slugs, when the agents are loaded. */
  agents: readonly ChatAgent[];
  onRevoke: (row: ApiKeyRow) => Promise<void>;
}

/** The account's keys: one card each, readable on a phone, with a two-step Revoke. */
export function KeyList({ rows, usageFailed, agents, onRevoke }: KeyListProps) {
  if (rows.length === 0) return <p className="ad-muted">{NO_KEYS}</p>;
  const names = new Map(agents.map((agent) => [agent.key, agent.name]));
  return (
    <>
      {usageFailed && <p className="acc-keys__note">{USAGE_FAILED}</p>}
      <ul className="ad-plain-list acc-keys__list" aria-label="Your API keys">
        {rows.map((row) => (
          <KeyItem key={row.id} row={row} usageFailed={usageFailed} agentName={(slug) => names.get(slug) ?? slug} onRevoke={onRevoke} />
        ))}
      </ul>
    </>
  );
}

interface KeyItemProps {
  row: ApiKeyRow;
  usageFailed: boolean;
  agentName: (slug: string) => string;
  onRevoke: (row: ApiKeyRow) => Promise<void>;
}

function KeyItem({ row, usageFailed, agentName, onRevoke }: KeyItemProps) {
  const [mode, setMode] = useState<'view' | 'confirm' | 'revoking'>('view');
  const [error, setError] = useState<string | null>(null);
  const actions = useRef<HTMLDivElement>(null);
  const previousMode = useRef(mode);

  // Focus follows the two steps: to "Revoke Key" when asked (again after a failure), back to "Revoke" when kept.
  useEffect(() => {
    const moved = (mode === 'confirm' && previousMode.current !== 'confirm') || (mode === 'view' && previousMode.current === 'confirm');
    if (moved) actions.current?.querySelector('button')?.focus();
    previousMode.current = mode;
  }, [mode]);

  const revoke = async () => {
    setError(null);
    setMode('revoking');
    try {
      await onRevoke(row);
    } catch (caught) {
      setError(caught instanceof Error && caught.message ? caught.message : 'The key could not be revoked. Please try again.');
      setMode('confirm');
    }
  };

  const expired = row.expiresAt !== null && new Date(row.expiresAt).getTime() <= Date.now();
  const usage = row.usage;
  const figure = (value: number | undefined) => (usageFailed ? '—' : formatCount(value ?? 0));
  const headingId = `acc-key-${row.id}`;
  const confirmId = `acc-key-${row.id}-confirm`;

  return (
    <li className="acc-keys__item">
      <div className="acc-keys__item-head">
        <h3 id={headingId} className="acc-keys__name">
          {row.name}
        </h3>
        {expired && <Badge variant="warning">Expired</Badge>}
      </div>
      <dl className="acc-keys__facts">
        <div>
          <dt>Key</dt>
          <dd>
            <code data-testid="key-last-four">{maskedKey(row.lastFour)}</code>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(row.createdAt)}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd data-testid="key-last-used">{usageFailed ? '—' : usage?.lastUsedAt ? formatMoment(usage.lastUsedAt) : 'Never'}</dd>
        </div>
        <div>
          <dt>Requests this month</dt>
          <dd data-testid="key-requests">{figure(usage?.requestsThisMonth)}</dd>
        </div>
        <div>
          <dt>Credits this month</dt>
          <dd data-testid="key-credits">
            {figure(usage?.creditsThisMonth)}
            {row.monthlyCreditCap !== null && <span className="acc-keys__cap"> of {formatCount(row.monthlyCreditCap)} cap</span>}
          </dd>
        </div>
        <div>
          <dt>Agents</dt>
          <dd>{row.allowedAgents === null ? 'All agents of your plan' : row.allowedAgents.map(agentName).join(', ')}</dd>
        </div>
        <div>
          <dt>{expired ? 'Expired' : 'Expires'}</dt>
          <dd>{row.expiresAt === null ? 'Never' : formatDate(row.expiresAt)}</dd>
        </div>
      </dl>
      {error && <Alert variant="error">{error}</Alert>}
      <div ref={actions}>
        {mode === 'view' ? (
          <div>
            <Button variant="secondary" size="sm" onClick={() => setMode('confirm')}>
              Revoke<span className="ad-visually-hidden"> {row.name}</span>
            </Button>
          </div>
        ) : (
          <div className="acc-keys__confirm" role="group" aria-labelledby={confirmId}>
            <p id={confirmId}>Revoke “{row.name}”? Anything that uses it is refused from its next request. This cannot be undone.</p>
            <div className="ad-row">
              <Button variant="danger" size="sm" onClick={() => void revoke()} disabled={mode === 'revoking'}>
                {mode === 'revoking' ? 'Revoking…' : 'Revoke Key'}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setMode('view')} disabled={mode === 'revoking'}>
                Cancel
              </Button>
            </div>
          </div>
        )}
      </div>
    </li>
  );
}

import { useEffect, useRef, useState } from 'react';
import { balanceParts, balanceText, type UserProfile, type Wallet, walletBalance } from '@agentdock/contracts';
import { Button, Card, TextAreaField, TextField } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { useReportError } from '../console/admin-banner';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { SelectField } from '../console/fields';
import { formatDateTime, formatNumber } from '../console/format';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';
import { integerOrNull, useRecordForm } from '../console/use-record-form';

export const REFUND_REASON = 'Refunded from the admin console';

const DIRECTIONS = [
  { value: 'grant', label: 'Grant credits' },
  { value: 'deduct', label: 'Deduct credits' },
];

export interface CreditPanelProps {
  user: UserProfile;
  wallet: Wallet | null | undefined;
  onWallet: (wallet: Wallet) => void;
  onClose: () => void;
}

/** Credit tools for one user: adjust the wallet with a reason, refund a recent reply in one click. */
export function CreditPanel({ user, wallet, onWallet, onClose }: CreditPanelProps) {
  const api = useAdminApi();
  const report = useReportError();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useRecordForm({
    initial: { direction: 'grant', credits: '', reason: '' },
    fieldOf: (path) => (path === 'credits' || path === 'reason' ? path : undefined),
    failureText: ADMIN_ERRORS.adjustCredits,
    save: async ({ direction, credits, reason }) => {
      setSaved(null);
      const amount = integerOrNull(String(credits));
      const signed = typeof amount === 'number' && direction === 'deduct' ? -amount : amount;
      const next = await api.chat.adjustCredits(user.id, { credits: signed as number, reason: String(reason) });
      onWallet(next);
      setSaved(`${direction === 'grant' ? 'Granted' : 'Deducted'} ${formatNumber(Math.abs(signed as number))} credits.`);
    },
  });
  const replies = useLoad((signal) => api.chat.recentReplies(user.id, { signal }), user.id);
  const [refunding, setRefunding] = useState<string | null>(null);
  // The panel opens below the table, possibly off screen: bring it to the admin (and their reader).
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  async function refund(messageId: string) {
    setRefunding(messageId);
    try {
      onWallet(await api.chat.refundReply(messageId, REFUND_REASON));
      replies.setData((current) => current?.map((message) => (message.id === messageId ? { ...message, refunded: true } : message)));
    } catch (error) {
      report(ADMIN_ERRORS.refundReply, error);
    } finally {
      setRefunding(null);
    }
  }

  const who = user.fullName ?? user.email;
  return (
    <Card as="section" className="adm-credit-panel" aria-labelledby={`credits-${user.id}`}>
      <div className="adm-panel-head">
        <h3 id={`credits-${user.id}`} ref={headingRef} tabIndex={-1} className="adm-wrap">{`Credits of ${who}`}</h3>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <p data-testid="wallet-summary">
        {wallet ? `${balanceText(walletBalance(wallet))}: ${balanceParts(walletBalance(wallet)).join(' + ')}.` : 'No wallet yet: the first adjustment creates it.'}
      </p>
      <form ref={form.formRef} onSubmit={form.onSubmit} className="adm-form adm-form--inline" aria-label={`Adjust credits of ${who}`}>
        <SelectField label="Adjustment" options={DIRECTIONS} {...form.field('direction')} />
        <TextField label="Credits" inputMode="numeric" {...form.field('credits')} />
        <TextAreaField label="Reason" rows={2} {...form.field('reason')} />
        {form.formError && <p className="ad-field__error">{form.formError}</p>}
        <div className="adm-actions">
          <Button type="submit" disabled={form.pending}>
            {form.pending ? 'Saving…' : 'Save Adjustment'}
          </Button>
        </div>
        {saved && (
          <p role="status" className="adm-success">
            {saved}
          </p>
        )}
      </form>
      <h4>Recent replies</h4>
      <LoadStates loaded={replies} label="Recent replies">
        {(messages) =>
          messages.length === 0 ? (
            <p className="ad-muted">No replies yet.</p>
          ) : (
            <ul className="adm-replies">
              {messages.map((message) => (
                <li key={message.id}>
                  <span>{formatDateTime(message.createdAt)}</span>
                  <span>{`${formatNumber(message.creditsUsed)} credits · ${formatNumber(message.tokensUsed)} tokens`}</span>
                  {message.refunded ? (
                    <span className="ad-badge">Refunded</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      disabled={refunding !== null || message.creditsUsed === 0}
                      onClick={() => void refund(message.id)}
                      aria-label={`Refund ${formatNumber(message.creditsUsed)} credits of the reply of ${formatDateTime(message.createdAt)}`}
                    >
                      Refund
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </LoadStates>
    </Card>
  );
}

import { useState } from 'react';
import type { AdminAuditEntry, AdminUserSecurity } from '@agentdock/contracts';
import { AUDITED_SERVICES } from '../../api/audit-api';
import { useAdminApi } from '../../api/use-admin-api';
import { mergeNewestFirst } from '../../audit/merge-audit';
import { useReportError } from '../../console/admin-banner';
import { ADMIN_ERRORS } from '../../console/admin-errors';
import { useLoad } from '../../console/use-load';

const AUDIT_SHOWN = 20;

// Each section of the customer page loads from the service that owns its data, on its own: one
// service down leaves the others' sections in place.

export function useCustomerProfile(userId: string) {
  const api = useAdminApi();
  return useLoad(async (signal) => (await api.identity.listUsers({ ids: [userId], limit: 1, offset: 0 }, { signal })).users[0] ?? null, userId);
}

/** Two-factor status and open sign-ins, with the admin's two actions on them. */
export function useCustomerSecurity(userId: string) {
  const api = useAdminApi();
  const report = useReportError();
  const security = useLoad((signal) => api.identity.security(userId, { signal }), userId);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);

  async function resetMfa() {
    setPending(true);
    try {
      await api.identity.resetMfa(userId);
      security.setData((current) => current && { ...current, mfaEnabled: false, mfaEnabledAt: null });
      setConfirming(false);
    } catch (error) {
      report(ADMIN_ERRORS.resetMfa, error);
    } finally {
      setPending(false);
    }
  }

  async function revoke(session: AdminUserSecurity['sessions'][number]) {
    try {
      await api.identity.revokeSession(userId, session.id);
      security.setData((current) => current && { ...current, sessions: current.sessions.filter((row) => row.id !== session.id) });
    } catch (error) {
      report(ADMIN_ERRORS.revokeSession, error);
    }
  }

  return { security, confirming, setConfirming, pending, resetMfa, revoke };
}

export function useCustomerBilling(userId: string) {
  const api = useAdminApi();
  return useLoad((signal) => api.billing.customer(userId, { signal }), userId);
}

/** The wallet, the recent replies and the usage summary: three reads of the chat service at once. */
export function useCustomerCredits(userId: string) {
  const api = useAdminApi();
  return useLoad(async (signal) => {
    const [wallets, replies, summary] = await Promise.all([
      api.chat.getWallets([userId], { signal }),
      api.chat.recentReplies(userId, { signal }),
      api.chat.customerUsage(userId, { signal }),
    ]);
    return { wallet: wallets[0] ?? null, replies, summary };
  }, userId);
}

export function useCustomerLearning(userId: string) {
  const api = useAdminApi();
  return useLoad((signal) => api.catalog.customerLearning(userId, { signal }), userId);
}

/** Every service keeps its own audit: the latest entries of each, merged and cut to the newest. */
export function useCustomerAudit(userId: string) {
  const api = useAdminApi();
  return useLoad(
    async (signal): Promise<AdminAuditEntry[]> =>
      mergeNewestFirst(
        ...(await Promise.all(AUDITED_SERVICES.map(async (service) => (await api.audit.list(service, { user: userId, limit: AUDIT_SHOWN }, { signal })).entries))),
      ).slice(0, AUDIT_SHOWN),
    userId,
  );
}

import { useCallback, useState, type ReactElement } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs } from '@agentdock/ui';
import { AgentsTab } from '../agents/agents-tab';
import { AuditTab } from '../audit/audit-tab';
import { BillingTab } from '../billing/billing-tab';
import { ContentTab } from '../content/content-tab';
import { ExportsTab } from '../exports/exports-tab';
import { CoursesTab } from '../courses/courses-tab';
import { OrganisationsTab } from '../organisations/organisations-tab';
import { OverviewTab } from '../overview/overview-tab';
import { PlansTab } from '../plans/plans-tab';
import { UsersTab } from '../users/users-tab';
import { AdminBanner, ReportErrorContext, type ReportError } from './admin-banner';
import { bannerFor, type BannerMessage } from './admin-errors';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'users', label: 'Users' },
  { value: 'organisations', label: 'Organisations' },
  { value: 'plans', label: 'Plans' },
  { value: 'billing', label: 'Trials & Codes' },
  { value: 'agents', label: 'AI Agents' },
  { value: 'content', label: 'Content' },
  { value: 'courses', label: 'Courses' },
  { value: 'audit', label: 'Audit' },
  { value: 'exports', label: 'Exports' },
] as const;

type AdminTab = (typeof TABS)[number]['value'];

const PANELS: Record<AdminTab, () => ReactElement> = {
  overview: OverviewTab,
  users: UsersTab,
  organisations: OrganisationsTab,
  plans: PlansTab,
  billing: BillingTab,
  agents: AgentsTab,
  content: ContentTab,
  courses: CoursesTab,
  audit: AuditTab,
  exports: ExportsTab,
};

function tabOf(value: string | null): AdminTab {
  return TABS.find((tab) => tab.value === value)?.value ?? 'overview';
}

/** The console behind the admin gate: the error banner and the tabs, the open tab kept in the URL. */
export function AdminConsole() {
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const report = useCallback<ReportError>((text, error, fromForm) => {
    console.error(`[agentdock] ${text}`, error);
    setBanner(bannerFor(text, error, fromForm));
  }, []);

  const Panel = PANELS[tab];
  return (
    <ReportErrorContext.Provider value={report}>
      {banner && <AdminBanner message={banner} onDismiss={() => setBanner(null)} />}
      <Tabs label="Admin sections" tabs={TABS} value={tab} onChange={(next) => setParams({ tab: next }, { replace: true })} className="adm-tabs">
        <Panel />
      </Tabs>
    </ReportErrorContext.Provider>
  );
}

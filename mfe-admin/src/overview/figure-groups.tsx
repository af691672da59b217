import { useId, type ReactNode } from 'react';
import type { OverviewStats } from '../api/stats-api';
import { formatNumber } from '../console/format';
import { DEFINITIONS, formatMoney } from './overview-figures';

/** A figure with its definition one focus or hover away, and read out with the figure. */
function Figure({ label, value, definition, testId }: { label: string; value: ReactNode; definition: string; testId: string }) {
  const tip = useId();
  return (
    <div className="adm-figure">
      <dt>
        {label}
        <button type="button" className="adm-figure__info" aria-label={`What is ${label}?`} aria-describedby={tip}>
          ?
        </button>
        <span role="tooltip" id={tip} className="adm-figure__tip">
          {definition}
        </span>
      </dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

/** The range's headline figures, grouped as operators read them: revenue, growth, usage, learning. */
export function FigureGroups({ stats: { billing, identity, chat, catalog } }: { stats: OverviewStats }) {
  return (
    <>
      <h3 className="adm-overview__group">Revenue</h3>
      <dl className="adm-figures">
        <Figure label="MRR" testId="figure-mrr" value={formatMoney(billing.mrr)} definition={DEFINITIONS.mrr} />
        <Figure label="Plan MRR" testId="figure-plan-mrr" value={formatMoney(billing.planMrr)} definition={DEFINITIONS.planMrr} />
        <Figure
          label="Course MRR"
          testId="figure-course-mrr"
          value={`${formatMoney(billing.courseMrr)} (${formatNumber(billing.courseSubscriptions)})`}
          definition={DEFINITIONS.courseMrr}
        />
        <Figure label="ARR" testId="figure-arr" value={formatMoney(billing.arr)} definition={DEFINITIONS.arr} />
        <Figure
          label="Past-due MRR"
          testId="figure-past-due"
          value={`${formatMoney(billing.pastDueMrr)} (${formatNumber(billing.pastDueCustomers)})`}
          definition={DEFINITIONS.pastDueMrr}
        />
        <Figure label="Revenue collected" testId="figure-revenue" value={formatMoney(billing.revenue)} definition={DEFINITIONS.revenue} />
        <Figure label="Paying customers" testId="figure-paying" value={formatNumber(billing.payingCustomers)} definition={DEFINITIONS.payingCustomers} />
        <Figure label="ARPU" testId="figure-arpu" value={formatMoney(billing.arpu)} definition={DEFINITIONS.arpu} />
      </dl>
      <h3 className="adm-overview__group">Teams</h3>
      <dl className="adm-figures">
        <Figure label="Team MRR" testId="figure-team-mrr" value={formatMoney(billing.teams.mrr)} definition={DEFINITIONS.teamMrr} />
        <Figure
          label="Paid seats"
          testId="figure-team-seats"
          value={`${formatNumber(billing.teams.seats)} (${formatNumber(billing.teams.subscriptions)} ${billing.teams.subscriptions === 1 ? 'team' : 'teams'})`}
          definition={DEFINITIONS.teamSeats}
        />
        <Figure
          label="Team members"
          testId="figure-team-members"
          value={`${formatNumber(identity.teams.members)} in ${formatNumber(identity.teams.organisations)} ${identity.teams.organisations === 1 ? 'team' : 'teams'}`}
          definition={DEFINITIONS.teamMembers}
        />
      </dl>
      <h3 className="adm-overview__group">Growth</h3>
      <dl className="adm-figures">
        <Figure label="New sign-ups" testId="figure-signups" value={formatNumber(identity.signUps)} definition={DEFINITIONS.signUps} />
        <Figure label="Confirmed sign-ups" testId="figure-confirmed" value={formatNumber(identity.confirmedSignUps)} definition={DEFINITIONS.confirmedSignUps} />
        <Figure label="Free → paid" testId="figure-conversions" value={formatNumber(billing.conversions)} definition={DEFINITIONS.conversions} />
        <Figure label="Cancellations" testId="figure-cancellations" value={formatNumber(billing.cancellations)} definition={DEFINITIONS.cancellations} />
        <Figure label="In a free trial" testId="figure-trialing" value={formatNumber(billing.trialingCustomers)} definition={DEFINITIONS.trialing} />
        <Figure
          label="Trial → paid"
          testId="figure-trial-conversion"
          value={`${formatNumber(billing.trialsConverted)} of ${formatNumber(billing.trialsEnded)}`}
          definition={DEFINITIONS.trialConversion}
        />
        <Figure label="MRR churn" testId="figure-mrr-churn" value={formatMoney(billing.mrrChurn)} definition={DEFINITIONS.mrrChurn} />
      </dl>
      <h3 className="adm-overview__group">Usage</h3>
      <dl className="adm-figures">
        <Figure label="Web messages" testId="figure-messages" value={formatNumber(chat.messages)} definition={DEFINITIONS.messages} />
        <Figure label="Web credits" testId="figure-credits" value={formatNumber(chat.credits)} definition={DEFINITIONS.credits} />
        <Figure label="API requests" testId="figure-api-requests" value={formatNumber(chat.apiRequests)} definition={DEFINITIONS.apiRequests} />
        <Figure label="API credits" testId="figure-api-credits" value={formatNumber(chat.apiCredits)} definition={DEFINITIONS.apiCredits} />
      </dl>
      <h3 className="adm-overview__group">Learning</h3>
      <dl className="adm-figures">
        <Figure label="Lesson completions" testId="figure-lesson-completions" value={formatNumber(catalog.lessonCompletions)} definition={DEFINITIONS.lessonCompletions} />
      </dl>
    </>
  );
}

import { Card, Skeleton } from '@agentdock/ui';

/** Placeholders in the page's own shape (tabs, three figure cards, statistics, chart) while it loads. */
export function DashboardSkeleton({ label }: { label: string }) {
  return (
    <div className="acc-dash-skeleton" aria-busy="true">
      <span role="status" className="ad-visually-hidden">
        {label}
      </span>
      <div aria-hidden="true" className="acc-dash-skeleton__body">
        <div className="acc-dash-skeleton__tabs">
          <Skeleton width="7rem" height="2.25rem" />
          <Skeleton width="8rem" height="2.25rem" />
        </div>
        <div className="acc-cards">
          {[0, 1, 2].map((index) => (
            <Card key={index}>
              <Skeleton width="50%" height="1.25rem" />
              <Skeleton width="70%" height="2.25rem" />
              <Skeleton height="10px" />
              <Skeleton width="80%" />
            </Card>
          ))}
        </div>
        <div className="acc-columns">
          <Card>
            <Skeleton width="45%" height="1.25rem" />
            <Skeleton width="90%" />
            <Skeleton width="85%" />
            <Skeleton width="70%" />
          </Card>
          <Card>
            <Skeleton width="45%" height="1.25rem" />
            <Skeleton height="160px" />
          </Card>
        </div>
      </div>
    </div>
  );
}

import { Card, Skeleton } from '@agentdock/ui';

export function SubscriptionSkeleton() {
  return (
    <div className="acc-subscription" aria-busy="true">
      <span role="status" className="ad-visually-hidden">
        Loading subscription…
      </span>
      <Card>
        <Skeleton width="40%" height="1.5rem" />
        <Skeleton width="70%" />
        <Skeleton width="60%" />
        <Skeleton width="65%" />
      </Card>
      <div className="acc-plans" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <Card key={index}>
            <Skeleton width="50%" height="1.5rem" />
            <Skeleton width="40%" height="2.5rem" />
            <Skeleton width="85%" />
            <Skeleton height="2.75rem" />
          </Card>
        ))}
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Card, ErrorState, Skeleton, type SkeletonProps } from '@agentdock/ui';
import type { Resource } from './use-resource';

export interface CatalogListSkeleton {
  /** The loaded list's grid, so the placeholders take the cards' places. */
  gridClassName: string;
  cardClassName?: string;
  count: number;
  /** One placeholder shape per line of a card. */
  lines: readonly SkeletonProps[];
  /** Announced once for the whole grid, e.g. "Loading plans…". */
  label: string;
}

export interface CatalogListProps<T> {
  state: Resource<T[]>;
  onRetry: () => void;
  skeleton: CatalogListSkeleton;
  failedTitle: string;
  headingLevel?: 2 | 3;
  emptyText: string;
  children: (items: T[]) => ReactNode;
}

/** A list read from the catalog, with the loading, failed and empty states every marketing page shows alike. */
export function CatalogList<T>({ state, onRetry, skeleton, failedTitle, headingLevel, emptyText, children }: CatalogListProps<T>) {
  if (state.status === 'loading') return <SkeletonCards {...skeleton} />;
  if (state.status === 'failed') {
    return <ErrorState headingLevel={headingLevel} title={failedTitle} message="Please try again in a moment." onRetry={onRetry} />;
  }
  if (state.data.length === 0) return <p className="mk-empty">{emptyText}</p>;
  return <>{children(state.data)}</>;
}

function SkeletonCards({ gridClassName, cardClassName, count, lines, label }: CatalogListSkeleton) {
  return (
    <div className={gridClassName} aria-busy="true">
      <span className="ad-visually-hidden" role="status">
        {label}
      </span>
      {Array.from({ length: count }, (_, card) => (
        <Card key={card} className={cardClassName} aria-hidden="true">
          {lines.map((line, index) => (
            <Skeleton key={index} {...line} />
          ))}
        </Card>
      ))}
    </div>
  );
}

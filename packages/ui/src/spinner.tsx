import type { CSSProperties } from 'react';
import { classNames } from './class-names';

export interface SpinnerProps {
  /** Shown next to the ring and announced. */
  label?: string;
}

export function Spinner({ label = 'Loading…' }: SpinnerProps) {
  return (
    <span className="ad-spinner" role="status">
      <span className="ad-spinner__ring" aria-hidden="true" />
      <span>{label}</span>
    </span>
  );
}

/** A centred loading indicator for a whole page or section. */
export function LoadingBlock({ label }: { label?: string }) {
  return (
    <div className="ad-loading-block">
      <Spinner label={label} />
    </div>
  );
}

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  className?: string;
}

/** A placeholder shape; the surrounding region carries the busy state for screen readers. */
export function Skeleton({ width = '100%', height = '1em', className }: SkeletonProps) {
  return <span className={classNames('ad-skeleton', className)} style={{ width, height }} aria-hidden="true" />;
}

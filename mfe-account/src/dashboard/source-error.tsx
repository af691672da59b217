import type { ReactNode } from 'react';
import { ApiError } from '@agentdock/api-client';
import { Button, Skeleton } from '@agentdock/ui';
import type { SourceState } from './source-state';

export const UNEXPECTED_ERROR = 'An unexpected error occurred';

/** The server's explanation of a failed call; anything else is a fault of ours, said plainly. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR;
}

export interface SourceErrorProps {
  /** What could not be loaded, e.g. "Failed to load profile data". */
  title: string;
  error: unknown;
  onRetry: () => void;
  /** A retry is running. */
  pending: boolean;
}

/** Stands in for the figures of one source that failed, inside that source's card only. */
function SourceError({ title, error, onRetry, pending }: SourceErrorProps) {
  return (
    <div className="acc-source-error" role="alert">
      <p className="acc-source-error__title">{title}</p>
      <p className="ad-muted">{errorMessage(error)}</p>
      <div>
        <Button size="sm" variant="secondary" onClick={onRetry} disabled={pending}>
          {pending ? 'Trying again…' : 'Try Again'}
        </Button>
      </div>
    </div>
  );
}

export interface SourceContentProps<T> {
  source: SourceState<T>;
  failedTitle: string;
  onRetry: () => void;
  children: (data: T) => ReactNode;
  /** Lines of placeholder while the first answer is awaited. */
  skeletonLines?: number;
}

/**
 * The figures of one source once it answered (still shown while a refresh runs, and after a
 * refresh failed); its error with a retry if it never answered; placeholders meanwhile.
 */
export function SourceContent<T>({ source, failedTitle, onRetry, children, skeletonLines = 3 }: SourceContentProps<T>) {
  if (source.data !== undefined) return children(source.data);
  if (source.error !== undefined) return <SourceError title={failedTitle} error={source.error} onRetry={onRetry} pending={source.pending} />;
  return (
    <div className="acc-skeleton-lines" aria-hidden="true">
      {Array.from({ length: skeletonLines }, (_, index) => (
        <Skeleton key={index} width={index === 0 ? '60%' : '90%'} height={index === 0 ? '2rem' : '1rem'} />
      ))}
    </div>
  );
}

import type { ReactNode } from 'react';
import { Button } from './button';

export interface ErrorStateProps {
  title: string;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  /** Heading level, so the state fits the outline of the page it sits in. */
  headingLevel?: 1 | 2 | 3;
}

export function ErrorState({ title, message, onRetry, retryLabel = 'Try Again', headingLevel = 2 }: ErrorStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="ad-error-state" role="alert">
      <Heading>{title}</Heading>
      {message && <p>{message}</p>}
      {onRetry && <Button onClick={onRetry}>{retryLabel}</Button>}
    </div>
  );
}

import { useEffect, type ReactNode } from 'react';
import { Button, LoadingBlock } from '@agentdock/ui';
import { isMfaRequired, MfaRequiredNotice } from '../mfa-required-notice';
import { useReportError } from './admin-banner';
import { ADMIN_ERRORS } from './admin-errors';
import type { Loaded } from './use-load';

/**
 * The loading and error states every tab shares: a spinner on the first load; on failure the
 * banner says so and the tab offers to try again. Renders `children` once data is there.
 */
export function LoadStates<T>({ loaded, label, children }: { loaded: Loaded<T>; label: string; children: (data: T) => ReactNode }) {
  const report = useReportError();
  useEffect(() => {
    if (loaded.error !== undefined) report(ADMIN_ERRORS.loadFailed, loaded.error);
  }, [loaded.error, report]);

  if (loaded.data !== undefined) return <>{children(loaded.data)}</>;
  if (loaded.error !== undefined && !loaded.loading) {
    // Trying again cannot help until the admin has a second factor: say how to get one.
    if (isMfaRequired(loaded.error)) return <MfaRequiredNotice message={(loaded.error as Error).message} />;
    return (
      <div className="adm-empty">
        <p>{`${label} could not be loaded.`}</p>
        <Button variant="secondary" onClick={loaded.reload}>
          Try Again
        </Button>
      </div>
    );
  }
  return <LoadingBlock label={`Loading ${label.toLowerCase()}…`} />;
}

import { createContext, useContext } from 'react';
import type { AdminErrorText, BannerMessage } from './admin-errors';

/**
 * Shows a failure in the console's banner; every tab reports through it. `fromForm`: a form
 * already shows the server's explanation beside its fields.
 */
export type ReportError = (text: AdminErrorText, error: unknown, fromForm?: boolean) => void;

export const ReportErrorContext = createContext<ReportError>(() => undefined);

export function useReportError(): ReportError {
  return useContext(ReportErrorContext);
}

/** The dismissible red banner above the tabs. */
export function AdminBanner({ message, onDismiss }: { message: BannerMessage; onDismiss: () => void }) {
  return (
    <div className="adm-banner" role="alert">
      <div className="adm-banner__text">
        <strong>{message.text}</strong>
        {message.detail && <span> {message.detail}</span>}
      </div>
      <button type="button" className="adm-banner__close" aria-label="Dismiss error" onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

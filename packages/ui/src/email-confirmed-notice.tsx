import { useLocation } from 'react-router-dom';
import { Alert } from './alert';

export const EMAIL_CONFIRMED_NOTICE = 'Your email address is confirmed. Welcome to Agentdock!';

/** The navigation state the confirmation link's landing passes on to the page it leads to. */
export interface EmailConfirmedState {
  emailConfirmed: true;
}

export const emailConfirmedState = (): EmailConfirmedState => ({ emailConfirmed: true });

/** Says so on the page a confirmation link leads to (the dashboard, or the checkout of the chosen plan). */
export function EmailConfirmedNotice() {
  const { state } = useLocation();
  if ((state as Partial<EmailConfirmedState> | null)?.emailConfirmed !== true) return null;
  return <Alert variant="success">{EMAIL_CONFIRMED_NOTICE}</Alert>;
}

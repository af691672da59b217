// Kept free of zod, like site-path.ts, so a page can import them without the schemas.

/**
 * The site's pages that server code sends people to, in emails and as the payment provider's
 * return URLs. The shell's route table serves them; a path renamed there must change here too,
 * or every link already sent and every checkout in flight would land on the 404 page.
 */
export const DASHBOARD_PATH = '/dashboard';
export const PRICING_PATH = '/pricing';
export const COURSES_PATH = '/courses';
/** The page that opens the billing portal: where a customer updates a card or gets invoices. */
export const MANAGE_SUBSCRIPTION_PATH = '/manage-subscription';
/** Where the account's email links land: sign-in, the two password pages and the link exchange. */
export const SIGN_IN_PATH = '/signin';
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const RESET_PASSWORD_PATH = '/reset-password';
/** Confirmation and magic links: exchanges the link's code for a session, then goes on to `next`. */
export const AUTH_CALLBACK_PATH = '/auth/callback';
/** The team page of the dashboard, where owners and admins manage members and invitations. */
export const TEAM_PATH = '/dashboard/team';
/** An emailed invitation's landing page; `?token=` carries the invitation, so the link works on any device. */
export const TEAM_INVITATION_PATH = '/team/join';

/** The views of the auth screen (the spec's names). */
export type AuthView = 'sign_in' | 'sign_up' | 'forgotten_password' | 'magic_link' | 'update_password' | 'verify_otp';

/** The query value that names a sub-view of /signin or /signup, so Back returns to the form. */
export const VIEW_PARAM = 'view';

// Opened from links on the page; each has its own URL. update_password follows the session instead.
const LINKED_VIEWS: readonly AuthView[] = ['forgotten_password', 'magic_link', 'verify_otp'];

/** The view a URL's query names, or the page's own view when it names none (or an unknown one). */
export function viewFromSearch(search: string, home: AuthView): AuthView {
  const named = new URLSearchParams(search).get(VIEW_PARAM);
  return LINKED_VIEWS.find((view) => view === named) ?? home;
}

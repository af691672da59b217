/** Leaves the app for the payment provider's hosted checkout. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}

/** Leaves the app for another site (the payment provider's hosted checkout or billing portal). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}

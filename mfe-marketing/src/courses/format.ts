const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** "$25 per month": course prices are whole dollars per month. */
export function perMonth(price: number): string {
  return `${dollars.format(price)} per month`;
}

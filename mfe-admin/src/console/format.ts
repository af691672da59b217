const numbers = new Intl.NumberFormat('en-US');
const dateTimes = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const formatNumber = (value: number) => numbers.format(value);
export const formatDateTime = (iso: string) => dateTimes.format(new Date(iso));

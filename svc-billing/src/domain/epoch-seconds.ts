/** An epoch-seconds time (the provider's unit) as the ISO string the platform events carry. */
export const isoOfEpochSeconds = (epochSeconds: number): string => new Date(epochSeconds * 1000).toISOString();

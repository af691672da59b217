/** What a seeded lesson teaches; the operator edits it in the admin console afterwards. */
export interface SeedText {
  minutes: number;
  body: string;
  exercise?: string;
}

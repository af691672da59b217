/** What an admin types into a search box, as an ILIKE pattern that contains it: text, not a pattern, so % and _ match themselves. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

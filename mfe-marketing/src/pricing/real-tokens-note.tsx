export const REAL_TOKENS_NOTE_ID = 'real-tokens-note';

/** Plan bullets such as "500 real tokens" name a unit a visitor cannot know; the note explains it. */
export function mentionsRealTokens(feature: string): boolean {
  return /real tokens/i.test(feature);
}

export function RealTokensNote() {
  return (
    <p id={REAL_TOKENS_NOTE_ID} className="ad-muted mk-pricing-note">
      * Real tokens are the units the AI models measure text in: about four characters of your messages and the agents' replies. Each one uses 100 platform credits.
    </p>
  );
}

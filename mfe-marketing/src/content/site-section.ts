import type { ContentSection } from '@agentdock/contracts';

// The types both the content store and the sanitiser speak, in a file of their own so neither
// module imports the other.

/**
 * HTML that went through the platform's DOMPurify policy (sanitize-html.ts): the only HTML a
 * marketing page inserts. The brand keeps unchecked catalog HTML out of SafeHtml at compile time.
 */
export type SanitizedHtml = string & { readonly __sanitized: true };

/** A content section as the pages read it: its HTML already sanitised. */
export type SiteSection = Omit<ContentSection, 'html'> & { html: SanitizedHtml };

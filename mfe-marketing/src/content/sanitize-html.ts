import { pagePurifier } from '@agentdock/html-sanitizer';

// Content is sanitised by svc-catalog when saved; this second pass, with the same platform-wide
// policy, means a compromised or buggy server still cannot run script in the page. The server
// already rendered any Markdown, so the purifier alone is enough here (marked stays off the page).

/** Sanitised HTML, safe to insert: no script, iframe, object, embed, event handlers or javascript: URLs. */
export function sanitizeHtml(html: string): string {
  return pagePurifier().sanitize(html);
}

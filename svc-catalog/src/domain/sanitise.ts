import type { ContentFormat } from '@agentdock/contracts';
import { createHtmlSanitizer } from '@agentdock/html-sanitizer';
import { JSDOM } from 'jsdom';

// The platform's one HTML policy, on a server-side DOM: every piece of HTML the catalog serves.
const sanitizer = createHtmlSanitizer(new JSDOM('').window);

/**
 * HTML with scripts, embedded frames and objects, inline event handlers and javascript: URLs
 * removed; ordinary formatting, links and images kept.
 *
 * @example
 * sanitiseHtml('<p onclick="steal()">Hi <script>steal()</script></p>'); // '<p>Hi </p>'
 */
export function sanitiseHtml(html: string): string {
  return sanitizer.sanitize(html);
}

/**
 * The sanitised HTML of a content section's source: HTML as it is, Markdown rendered first
 * (Markdown may embed raw HTML, so its rendering goes through the same sanitiser).
 */
export function renderContent(format: ContentFormat, content: string): string {
  return format === 'markdown' ? sanitizer.renderMarkdown(content) : sanitizer.sanitize(content);
}

import type { ContentFormat } from '@agentdock/contracts';
import { serverSanitizer } from '@agentdock/html-sanitizer/server';

/**
 * HTML with scripts, embedded frames and objects, inline event handlers and javascript: URLs
 * removed; ordinary formatting, links and images kept (the platform's one policy).
 *
 * @example
 * sanitiseHtml('<p onclick="steal()">Hi <script>steal()</script></p>'); // '<p>Hi </p>'
 */
export function sanitiseHtml(html: string): string {
  return serverSanitizer().sanitize(html);
}

/** The sanitised HTML of a content section's source, exactly as the admin preview renders it. */
export function renderContent(format: ContentFormat, content: string): string {
  return serverSanitizer().renderContent(format, content);
}

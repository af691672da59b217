import { createHtmlSanitizer, type HtmlSanitizer } from '@agentdock/html-sanitizer';
import type { ContentFormat } from '@agentdock/contracts';

let sanitizer: HtmlSanitizer | undefined;

/**
 * The preview as the site will show it, through the platform's one HTML policy: no script,
 * iframe, object, embed, event handlers or javascript: URLs, whatever the admin pasted.
 */
export function previewHtml(content: string, format: ContentFormat): string {
  sanitizer ??= createHtmlSanitizer(window);
  return format === 'markdown' ? sanitizer.renderMarkdown(content) : sanitizer.sanitize(content);
}

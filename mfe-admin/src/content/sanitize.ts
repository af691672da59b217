import type { ContentFormat } from '@agentdock/contracts';
import { pageSanitizer } from '@agentdock/html-sanitizer';

/**
 * The preview as the site will show it, through the platform's one HTML policy: no script,
 * iframe, object, embed, event handlers or javascript: URLs, whatever the admin pasted.
 */
export function previewHtml(content: string, format: ContentFormat): string {
  return pageSanitizer().renderContent(format, content);
}

import { classNames } from '@agentdock/ui';
import type { SanitizedHtml } from './site-section';

export interface SafeHtmlProps {
  html: SanitizedHtml;
  className?: string;
}

/**
 * The one place marketing pages insert HTML from the server. It takes only HTML that went
 * through the platform's policy (the content store holds nothing else), so the purifier is not
 * part of any page's code: it loads only where texts are fetched in the browser.
 */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  return <div className={classNames('mk-rich', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}

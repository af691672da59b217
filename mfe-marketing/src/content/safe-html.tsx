import { useMemo } from 'react';
import { classNames } from '@agentdock/ui';
import { sanitizeHtml } from './sanitize-html';

export interface SafeHtmlProps {
  html: string;
  className?: string;
}

/** The one place marketing pages insert HTML from the server: always sanitised again here. */
export function SafeHtml({ html, className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className={classNames('mk-rich', className)} dangerouslySetInnerHTML={{ __html: clean }} />;
}

import type { WindowLike } from 'dompurify';
import { marked } from 'marked';
import { createHtmlPurifier, type HtmlPurifier } from './purifier';

export interface HtmlSanitizer extends HtmlPurifier {
  /** Markdown rendered to HTML, then sanitised (Markdown may embed raw HTML). */
  renderMarkdown(markdown: string): string;
  /** A content section's HTML from its source, as the catalog stores it and the admin preview shows it. */
  renderContent(format: 'html' | 'markdown', content: string): string;
}

/**
 * A sanitiser bound to a DOM window: the browser's own, or a jsdom window on a server (this
 * module does not load jsdom itself, so front-end bundles stay free of it).
 */
export function createHtmlSanitizer(window: WindowLike): HtmlSanitizer {
  const { sanitize } = createHtmlPurifier(window);
  const renderMarkdown = (markdown: string) => sanitize(marked.parse(markdown, { async: false }));
  return {
    sanitize,
    renderMarkdown,
    renderContent: (format, content) => (format === 'markdown' ? renderMarkdown(content) : sanitize(content)),
  };
}

let pageSanitizerInstance: HtmlSanitizer | undefined;

/** The sanitiser of the page a front end runs in, bound to its window on first use. */
export function pageSanitizer(): HtmlSanitizer {
  pageSanitizerInstance ??= createHtmlSanitizer(window);
  return pageSanitizerInstance;
}

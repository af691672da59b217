import type { WindowLike } from 'dompurify';
import { marked } from 'marked';
import { createHtmlPurifier, type HtmlPurifier } from './purifier';

export interface HtmlSanitizer extends HtmlPurifier {
  /** Markdown rendered to HTML, then sanitised (Markdown may embed raw HTML). */
  renderMarkdown(markdown: string): string;
}

/**
 * A sanitiser bound to a DOM window: the browser's own, or a jsdom window on a server (this
 * package does not load jsdom itself, so front-end bundles stay free of it).
 */
export function createHtmlSanitizer(window: WindowLike): HtmlSanitizer {
  const { sanitize } = createHtmlPurifier(window);
  return {
    sanitize,
    renderMarkdown: (markdown) => sanitize(marked.parse(markdown, { async: false })),
  };
}

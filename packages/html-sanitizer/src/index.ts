import createDOMPurify, { type WindowLike } from 'dompurify';
import { marked } from 'marked';

/**
 * The one HTML policy of the platform, applied where HTML is stored or produced (services) and
 * again where it is rendered (front ends), so a compromised or buggy server still cannot run
 * script in the page. DOMPurify already drops scripts, on* attributes and javascript: URLs; the
 * explicit list keeps script, iframe, object and embed out whatever its defaults become, and
 * removes what could restyle the page or fake a form on it (prose never needs either).
 */
export const HTML_POLICY = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'script', 'iframe', 'object', 'embed', 'frame', 'frameset', 'style', 'link', 'meta', 'base',
    'form', 'input', 'button', 'select', 'option', 'textarea',
  ],
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
  ADD_ATTR: ['target'],
};

export interface HtmlSanitizer {
  /**
   * HTML with scripts, embedded frames and objects, inline event handlers and javascript: URLs
   * removed; ordinary formatting, links and images kept.
   *
   * @example
   * sanitizer.sanitize('<p onclick="steal()">Hi <script>steal()</script></p>'); // '<p>Hi </p>'
   */
  sanitize(html: string): string;
  /** Markdown rendered to HTML, then sanitised (Markdown may embed raw HTML). */
  renderMarkdown(markdown: string): string;
  /** A content section's HTML from its source, as the catalog stores it and the admin preview shows it. */
  renderContent(format: 'html' | 'markdown', content: string): string;
}

/**
 * A sanitiser bound to a DOM window: the browser's own, or a jsdom window on a server (this
 * package does not load jsdom itself, so front-end bundles stay free of it).
 */
export function createHtmlSanitizer(window: WindowLike): HtmlSanitizer {
  const purify = createDOMPurify(window);
  // Links may open a new tab, but then must not hand this page to the site they open (reverse
  // tabnabbing); any other target (a named frame or window) is dropped.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('target');
  });
  const sanitize = (html: string) => purify.sanitize(html, HTML_POLICY);
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

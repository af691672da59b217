import createDOMPurify, { type WindowLike } from 'dompurify';

/**
 * The one HTML policy of the platform, applied where HTML is stored or produced (services) and
 * again where it is rendered (front ends), so a compromised or buggy server still cannot run
 * script in the page. DOMPurify already drops scripts, on* attributes and javascript: URLs; the
 * explicit list keeps script, iframe, object and embed out whatever its defaults become, and
 * removes what could restyle the page or fake a form on it (prose never needs either).
 */
export const HTML_POLICY = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'frame', 'frameset', 'style', 'link', 'meta', 'base', 'form', 'input', 'button', 'select', 'option', 'textarea'],
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
  ADD_ATTR: ['target'],
};

export interface HtmlPurifier {
  /**
   * HTML with scripts, embedded frames and objects, inline event handlers and javascript: URLs
   * removed; ordinary formatting, links and images kept.
   *
   * @example
   * purifier.sanitize('<p onclick="steal()">Hi <script>steal()</script></p>'); // '<p>Hi </p>'
   */
  sanitize(html: string): string;
}

/**
 * The policy alone, without Markdown: pages that only insert HTML the server already rendered
 * import this module and so never download marked.
 */
export function createHtmlPurifier(window: WindowLike): HtmlPurifier {
  const purify = createDOMPurify(window);
  // Links may open a new tab, but then must not hand this page to the site they open (reverse
  // tabnabbing); any other target (a named frame or window) is dropped.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('target');
  });
  return { sanitize: (html) => purify.sanitize(html, HTML_POLICY) };
}

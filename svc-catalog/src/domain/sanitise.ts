import type { ContentFormat } from '@agentdock/contracts';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { marked } from 'marked';

// One policy for every piece of HTML the catalog serves. DOMPurify already drops scripts, on*
// attributes and javascript: URLs; the explicit list keeps the spec's four elements out whatever
// its defaults become, and removes what could restyle the page or fake a form on it.
const POLICY = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'frame', 'frameset', 'style', 'link', 'meta', 'base', 'form', 'input', 'button', 'select', 'textarea'],
  FORBID_ATTR: ['style'],
};

const purify = createDOMPurify(new JSDOM('').window);

/**
 * HTML with scripts, embedded frames and objects, inline event handlers and javascript: URLs
 * removed; ordinary formatting, links and images kept.
 *
 * @example
 * sanitiseHtml('<p onclick="steal()">Hi <script>steal()</script></p>'); // '<p>Hi </p>'
 */
export function sanitiseHtml(html: string): string {
  return purify.sanitize(html, POLICY);
}

/**
 * The sanitised HTML of a content section's source: HTML as it is, Markdown rendered first
 * (Markdown may embed raw HTML, so its rendering goes through the same sanitiser).
 */
export function renderContent(format: ContentFormat, content: string): string {
  const html = format === 'markdown' ? marked.parse(content, { async: false }) : content;
  return sanitiseHtml(html);
}

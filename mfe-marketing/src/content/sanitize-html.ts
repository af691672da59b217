import { createHtmlSanitizer, type HtmlSanitizer } from '@agentdock/html-sanitizer';

type WindowLike = Parameters<typeof createHtmlSanitizer>[0];

// Content is sanitised by svc-catalog when saved; this second pass, with the same platform-wide
// policy, means a compromised or buggy server still cannot run script in the page.
let sanitizer: HtmlSanitizer | undefined;
let serverWindow: WindowLike | undefined;

/** On the server there is no window: the renderer lends one (jsdom) for the same policy. */
export function sanitizeWith(window: WindowLike): void {
  if (serverWindow === window) return;
  serverWindow = window;
  sanitizer = undefined;
}

/** Sanitised HTML, safe to insert: no script, iframe, object, embed, event handlers or javascript: URLs. */
export function sanitizeHtml(html: string): string {
  sanitizer ??= createHtmlSanitizer(typeof window === 'undefined' ? requireServerWindow() : window);
  return sanitizer.sanitize(html);
}

function requireServerWindow(): WindowLike {
  if (!serverWindow) throw new Error('sanitizeHtml on the server needs sanitizeWith(window) first');
  return serverWindow;
}

import type { ContentSection } from '@agentdock/contracts';
import { createHtmlPurifier, type HtmlPurifier } from '@agentdock/html-sanitizer';
import type { SanitizedHtml, SiteSection } from './site-section';

type WindowLike = Parameters<typeof createHtmlPurifier>[0];

// Content is sanitised by svc-catalog when saved; this second pass, with the same platform-wide
// policy, means a compromised or buggy catalog still cannot run script in the page. It runs in the
// shell's server renderer for a server-rendered page and in the browser (loaded on demand) for
// texts the browser fetches itself. The server already rendered any Markdown, so the purifier alone
// is enough here (marked stays off the page).
let purifier: HtmlPurifier | undefined;
let serverWindow: WindowLike | undefined;

// The operator's texts change rarely while every page render carries them: the same input always
// gives the same output under the one policy, so a text is purified once, not on every render
// (on the server this was most of a render's CPU). Oldest first beyond the bound.
const MAX_REMEMBERED = 256;
const purified = new Map<string, SanitizedHtml>();

/** On the server there is no window: the renderer lends one (jsdom) for the same policy. */
export function sanitizeWith(window: WindowLike): void {
  if (serverWindow === window) return;
  serverWindow = window;
  purifier = undefined;
  purified.clear();
}

/** Sanitised HTML, safe to insert: no script, iframe, object, embed, event handlers or javascript: URLs. */
export function sanitizeHtml(html: string): SanitizedHtml {
  const known = purified.get(html);
  if (known !== undefined) return known;
  purifier ??= createHtmlPurifier(typeof window === 'undefined' ? requireServerWindow() : window);
  const safe = purifier.sanitize(html) as SanitizedHtml;
  purified.set(html, safe);
  if (purified.size > MAX_REMEMBERED) purified.delete(purified.keys().next().value as string);
  return safe;
}

/** The catalog's sections with their HTML sanitised, as the pages' store holds them. */
export function sanitizeSections(sections: readonly ContentSection[]): SiteSection[] {
  return sections.map((section) => ({ ...section, html: sanitizeHtml(section.html) }));
}

function requireServerWindow(): WindowLike {
  if (!serverWindow) throw new Error('sanitizeHtml on the server needs sanitizeWith(window) first');
  return serverWindow;
}

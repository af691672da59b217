import { SERVER_RENDERED_ATTRIBUTE } from '../server-rendered';

/** What the server adds to the shell's index.html for one page. */
export interface RenderedPage {
  /** The markup of #root: the layout and the page, as the browser's first render will have it. */
  rootHtml: string;
  /** Full document title, site name included. */
  title: string;
  description: string;
  /** Stylesheets the markup needs before any script runs (the shell's and the page's remote's). */
  styles: readonly string[];
  /** JSON the remote reads before hydrating, by element id (the data the page was rendered with). */
  data: Readonly<Record<string, unknown>>;
  /**
   * The build version of each remote whose server build rendered the page: what an operator checks
   * after deploying a remote alone, and what the deploy drill waits for in the served HTML.
   */
  remoteBuilds: Readonly<Record<string, string>>;
}

const DESCRIPTION = /<meta name="?description"?[^>]*>/;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that cannot end its script element early or be read as markup. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A stylesheet's text cannot close its style element. */
const styleSafe = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * The shell's index.html with one page in it: the title and meta description of the page, its
 * styles, its data and its markup inside #root, marked so the browser hydrates it instead of
 * rendering it afresh. Throws when the template lacks what it must have (the caller serves the
 * plain shell then).
 */
export function pageDocument(template: string, page: RenderedPage): string {
  // The built index.html is minified: attribute values may have lost their quotes.
  const root = /<div id="?root"?><\/div>/;
  if (!root.test(template)) throw new Error('index.html has no empty <div id="root"></div>');
  if (!/<title>[^<]*<\/title>/.test(template)) throw new Error('index.html has no <title>');
  const head = [
    ...Object.entries(page.remoteBuilds).map(([remote, build]) => `<meta name="agentdock-server-build:${escapeHtml(remote)}" content="${escapeHtml(build)}" />`),
    ...page.styles.map((css) => `<style data-ssr>${styleSafe(css)}</style>`),
    ...Object.entries(page.data).map(([id, value]) => `<script type="application/json" id="${escapeHtml(id)}">${scriptSafeJson(value)}</script>`),
  ].join('');
  const description = `<meta name="description" content="${escapeHtml(page.description)}" />`;
  let html = template.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`);
  html = DESCRIPTION.test(html) ? html.replace(DESCRIPTION, () => description) : html.replace('</title>', () => `</title>${description}`);
  html = html.replace('</head>', () => `${head}</head>`);
  return html.replace(root, () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}="">${page.rootHtml}</div>`);
}

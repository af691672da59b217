import { JSDOM } from 'jsdom';
import { createHtmlSanitizer, type HtmlSanitizer } from './index';

let serverSanitizerInstance: HtmlSanitizer | undefined;

/** The platform's one HTML policy on a server-side DOM (jsdom), made on first use. */
export function serverSanitizer(): HtmlSanitizer {
  serverSanitizerInstance ??= createHtmlSanitizer(new JSDOM('').window);
  return serverSanitizerInstance;
}

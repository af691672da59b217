export { createHtmlPurifier, HTML_POLICY, type HtmlPurifier } from './purifier';
export { createHtmlSanitizer, type HtmlSanitizer, pageSanitizer } from './markdown';

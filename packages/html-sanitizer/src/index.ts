export { createHtmlPurifier, HTML_POLICY, type HtmlPurifier, pagePurifier } from './purifier';
export { createHtmlSanitizer, type HtmlSanitizer, pageSanitizer } from './markdown';

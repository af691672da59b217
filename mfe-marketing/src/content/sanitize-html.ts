import DOMPurify from 'dompurify';

// Content is sanitised by svc-catalog when saved; this second pass means a compromised or buggy
// server still cannot run script in the page. Forms and styles are refused too: content sections
// are prose, and a form or inline style inside one could impersonate the site's own UI.
const CONFIG = {
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option'],
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
  ADD_ATTR: ['target'],
};

let hooked = false;

/**
 * Links may open a new tab, but then must not hand this page to the site they open (reverse
 * tabnabbing); any other target (a named frame or window) is dropped.
 */
function protectNewTabLinks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('target');
  });
}

/** Sanitised HTML, safe to insert: no script, iframe, object, embed, event handlers or javascript: URLs. */
export function sanitizeHtml(html: string): string {
  protectNewTabLinks();
  return DOMPurify.sanitize(html, CONFIG);
}

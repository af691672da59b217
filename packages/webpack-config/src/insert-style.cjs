/**
 * style-loader's insertion point. A server-rendered page carries its styles in `<style data-ssr>`
 * elements; the bundles' own copies go before them, so the cascade the page was painted with does
 * not change (no layout shift) until the shell drops the server's copies on the first navigation.
 */
module.exports = function insertStyle(element) {
  document.head.insertBefore(element, document.head.querySelector('style[data-ssr]'));
};

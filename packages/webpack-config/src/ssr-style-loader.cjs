/**
 * The server build's stand-in for the browser build's CSS extraction: a CSS import registers the stylesheet's text with
 * the server entry (ssr-styles.cjs) instead of touching a DOM, so the renderer can put the styles a
 * page needs into the HTML it serves and the page is shown styled before any script runs.
 */
module.exports = function ssrStyleLoader() {};
module.exports.pitch = function pitch(remainingRequest) {
  const request = JSON.stringify(`!!${require.resolve('css-loader')}?${JSON.stringify({ exportType: 'string' })}!${remainingRequest}`);
  const registry = JSON.stringify(require.resolve('./ssr-styles.cjs'));
  const id = JSON.stringify(this.utils.contextify(this.rootContext, this.resourcePath));
  return `import css from ${request};\nimport { registerStyle } from ${registry};\nregisterStyle(${id}, css);\n`;
};

/**
 * Lets the minifier drop the parts of React Router's production build that the shared surface
 * (router-surface.mjs) leaves unused. Its top-level components and contexts are made by calls the
 * minifier must assume have side effects (`React.forwardRef(…)`, `React.createContext(…)`), and
 * each is followed by a `X.displayName = "…"` statement that uses it, so `Form` and the hooks,
 * submission and prefetch helpers only it reaches stayed in every first view (~1.3 KB gzipped).
 * Both calls are pure, and the names only label components in React's developer tools, which a
 * production build is not inspected with. A build of React Router that no longer matches these
 * patterns is passed through unchanged: only the saving is lost.
 */
const PURE_CALL = /^(var \w+ = )(React\d*\.(?:forwardRef|createContext)\()/gm;
const DISPLAY_NAME = /^\w+\.displayName = "[^"\n]*";\n/gm;

module.exports = function reactRouterPureLoader(source) {
  return source.replace(PURE_CALL, '$1/* @__PURE__ */ $2').replace(DISPLAY_NAME, '');
};

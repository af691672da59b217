// Stylesheets the server build has evaluated so far, by source path (see ssr-style-loader.cjs).
const styles = new Map();

exports.registerStyle = (id, css) => {
  styles.set(id, css);
};

/** Every stylesheet imported so far, in import order. */
exports.collectedStyles = () => [...styles.values()];

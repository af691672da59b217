// CSS is injected by style-loader in the browser; under jest an import of it is a no-op.
module.exports = {};

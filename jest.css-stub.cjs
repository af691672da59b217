// CSS is extracted into stylesheets in the browser build; under jest an import of it is a no-op.
module.exports = {};

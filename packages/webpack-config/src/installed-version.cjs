const fs = require('node:fs');
const path = require('node:path');

/** Read from node_modules directly: a package's exports need not list its package.json. */
function installedVersion(pkg, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
    if (path.dirname(dir) === dir) throw new Error(`${pkg} is not installed for ${fromDir}`);
  }
}

module.exports = { installedVersion };

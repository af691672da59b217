const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { container } = require('webpack');
const { installedVersion } = require('./installed-version.cjs');
const { FederationManifestPlugin } = require('./federation-manifest.cjs');
const { RouterSurfaceGuardPlugin, SURFACE_PATH, ZOD_SURFACE_PATH } = require('./router-surface-guard.cjs');

const { containerPrefix } = require('@agentdock/contracts/federation.json');

/** See containerName in @agentdock/contracts/runtime-config: the same rule, from the same file. */
const containerName = (name) => `${containerPrefix}${name}`;

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Singletons every app must agree on; versions come from the app's own package.json. */
function sharedModules(dir) {
  const deps = readJson(path.join(dir, 'package.json')).dependencies ?? {};
  const singleton = (pkg) => ({ singleton: true, requiredVersion: deps[pkg] });
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom'),
    // The surface file is not inside react-router-dom, so its version must be given.
    'react-router-dom': {
      ...singleton('react-router-dom'),
      import: SURFACE_PATH,
      version: installedVersion('react-router-dom', dir),
    },
    // One copy of zod's core per page instead of one per app; the contracts package is what
    // brings zod, so its requirement is the one every app states.
    'zod/mini': {
      singleton: true,
      requiredVersion: readJson(path.join(path.dirname(require.resolve('@agentdock/contracts', { paths: [dir] })), '..', 'package.json')).dependencies.zod,
      import: ZOD_SURFACE_PATH,
      version: installedVersion('zod', dir),
    },
    // One session client per page: the shell and every remote see the same visitor and tokens.
    '@agentdock/session': singleton('@agentdock/session'),
    // Its light entry too: the header and the pages then follow one visitor state, and a remote's
    // first view does not carry a second copy of it (~1 KB gzipped on the pages that read it).
    '@agentdock/session/visitor': singleton('@agentdock/session'),
    // One copy of the query library for the signed-in remotes that use it, shared only by the apps
    // that depend on it: the shell and the marketing remote (the public first view) never carry it.
    ...(deps['@tanstack/react-query'] ? { '@tanstack/react-query': singleton('@tanstack/react-query') } : {}),
  };
}

/**
 * The browser containers' copy of the shared modules, without the ranges each app requires. For a
 * singleton, a range changes nothing webpack's runtime picks (the highest version offered, whatever
 * the range); it only makes the runtime warn in the console when that version is outside it, and
 * carry a semver parser and range matcher for the check in the shell's main.js and in every
 * remoteEntry.js (~0.6 KB gzipped each, so ~1.2 KB on every first view). The ranges stay in each
 * build's mf-manifest.json, and the shell refuses a remote built against another React major from
 * it before any of the remote's code runs (shell/src/federation/remote-compatibility.ts).
 */
function withoutVersionRanges(shared) {
  return Object.fromEntries(Object.entries(shared).map(([request, config]) => [request, { ...config, requiredVersion: false }]));
}

/**
 * Browser federation with webpack's own container runtime: a few hundred bytes per container
 * where the enhanced runtime costs ~20 KB gzipped on every page. The shell loads remotes itself
 * (shell/src/federation/connect-remotes.ts), and the manifest it reads is written by our plugin.
 * In core webpack a singleton already loaded is the one every later container gets, so the
 * shell's React wins over a remote's.
 */
function federation({ name, dir, exposes }) {
  const shared = sharedModules(dir);
  const remoteEntry = exposes ? 'remoteEntry.js' : undefined;
  return [
    new container.ModuleFederationPlugin({ name: containerName(name), shared: withoutVersionRanges(shared), ...(exposes ? { filename: remoteEntry, exposes } : {}) }),
    new FederationManifestPlugin({ name: containerName(name), dir, shared, remoteEntry }),
  ];
}

/**
 * Where a chunk's stylesheet goes (the plugin writes this function into the runtime, so it must
 * stand alone). A server-rendered page carries its styles in `<style data-ssr>` elements; the
 * bundles' own copies go before them, so the cascade the page was painted with does not change (no
 * layout shift) until the shell drops the server's copies on the first navigation.
 */
function insertStylesheet(linkTag) {
  document.head.insertBefore(linkTag, document.head.querySelector('style[data-ssr]'));
}

/**
 * The host's copies of the shared framework (React, React DOM, React Router's surface, the session
 * package's light entry with the modules it imports) in one file: every first view loads all of
 * them, and one file compresses ~2 KB smaller gzipped than the five a chunk per shared module
 * gives. Only the host: a remote's copies are fallbacks the shell's share scope normally makes
 * unused, and grouping them there would tie its own chunks to them.
 */
const FRAMEWORK_CHUNK = {
  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|[\\/]router-surface\.mjs$|[\\/]packages[\\/]session[\\/]src[\\/](visitor|context|session-hint|state-store)\.tsx?$/,
  name: 'framework',
  chunks: 'async',
  enforce: true,
};

/** React Router's production build (its modules under dist/production). */
const REACT_ROUTER_PRODUCTION = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

/**
 * The one webpack configuration of the front end. `exposes` makes a Module Federation remote;
 * without it the app is the host and gets an index.html.
 *
 * @param {{ dir: string, name: string, exposes?: Record<string, string>, title?: string }} app
 */
function createFrontendConfig(app) {
  return (_env, argv) => {
    const production = (argv?.mode ?? 'production') === 'production';
    const isHost = !app.exposes;
    return {
      mode: production ? 'production' : 'development',
      context: app.dir,
      entry: isHost ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(app.dir, 'dist'),
        filename: '[name].js',
        chunkFilename: '[name].[contenthash:8].js',
        publicPath: isHost ? '/' : 'auto',
        uniqueName: containerName(app.name),
        // A remote's server build (server.cjs) lives in dist/server and is built beside this one.
        clean: { keep: /^server\// },
        // Every build writes its files, unchanged ones too: `npm start` builds again a front end
        // whose mf-manifest.json is older than its sources, and webpack's default leaves an
        // unchanged manifest with the time of an earlier build.
        compareBeforeEmit: false,
      },
      devtool: production ? false : 'eval-cheap-module-source-map',
      optimization: {
        // A third compression pass (webpack's default is two) finds a little more in React DOM and
        // the runtime; every byte here is paid on each first view, the build's time is not.
        ...(production ? { minimizeOptions: { javascript: { compress: { passes: 3 } } } } : {}),
        ...(isHost ? { splitChunks: { cacheGroups: { framework: FRAMEWORK_CHUNK } } } : {}),
      },
      ...(isHost
        ? {
            // The framework file is ~255 KB before compression (~81 KB gzipped); the budget that
            // matters, gzipped JavaScript per first view, is the bench's.
            performance: { maxAssetSize: 300_000 },
          }
        : {}),
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        alias: {
          // React Router's package exports only its development build (warnings and checks);
          // its own production build is the one a production bundle should carry.
          ...(production
            ? { 'react-router$': path.join(path.dirname(require.resolve('react-router/package.json', { paths: [app.dir] })), 'dist', 'production', 'index.mjs') }
            : {}),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            // Workspace packages resolve to their real paths (packages/*), outside node_modules.
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          // The production build the alias above names: what the surface leaves unused is dropped.
          ...(production ? [{ test: REACT_ROUTER_PRODUCTION, use: require.resolve('./react-router-pure-loader.cjs') }] : []),
          // Stylesheets are files of their own, loaded with the chunk that imports them: CSS is not
          // parsed and run as JavaScript, and the browser caches it apart.
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        ],
      },
      plugins: [
        ...federation({ name: app.name, dir: app.dir, exposes: app.exposes }),
        new RouterSurfaceGuardPlugin(),
        new MiniCssExtractPlugin({
          filename: '[name].css',
          chunkFilename: '[name].[contenthash:8].css',
          insert: insertStylesheet,
          // Each page's stylesheets arrive with its chunk; their order across chunks is not relied on.
          ignoreOrder: true,
        }),
        ...(isHost ? [new HtmlWebpackPlugin({ template: './src/index.html', title: app.title })] : []),
      ],
    };
  };
}

module.exports = { createFrontendConfig, containerName, sharedModules };

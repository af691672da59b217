const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { RouterSurfaceGuardPlugin, SURFACE_PATH, ZOD_SURFACE_PATH } = require('./router-surface-guard.cjs');

/**
 * provideExternalRuntime adds this runtime plugin by its CommonJS path; the CommonJS build pulls in
 * CommonJS copies of the federation runtime next to the ES module copies the host already has
 * (~20 KB gzipped twice). Pointing it at its ES module build keeps one copy.
 */
function externalRuntimeProviderAlias() {
  const enhancedDir = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
  const cjs = require.resolve('@module-federation/inject-external-runtime-core-plugin', { paths: [enhancedDir] });
  return { [cjs]: cjs.replace(/\.cjs$/, '.js') };
}

const { containerPrefix } = require('@agentdock/contracts/federation.json');

/** See containerName in @agentdock/contracts/runtime-config: the same rule, from the same file. */
const containerName = (name) => `${containerPrefix}${name}`;

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function installedVersion(pkg, fromDir) {
  return readJson(require.resolve(`${pkg}/package.json`, { paths: [fromDir] })).version;
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
  };
}

function federation({ name, dir, exposes }) {
  const common = {
    manifest: true,
    // The type generator needs TypeScript's JS API, which TypeScript 7 no longer has.
    dts: false,
    shared: sharedModules(dir),
    // Remotes are registered at run time, after the shell has loaded its own singletons; loaded
    // versions must win or a remote could pull in a second React.
    shareStrategy: 'loaded-first',
  };
  if (!exposes) {
    return new ModuleFederationPlugin({
      ...common,
      name: containerName(name),
      // The shell hands its federation runtime to the remotes so it ships once.
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
    });
  }
  return new ModuleFederationPlugin({
    ...common,
    name: containerName(name),
    filename: 'remoteEntry.js',
    exposes,
    // The runtime comes from the shell; remotes never load remotes themselves.
    experiments: { externalRuntime: true, optimization: { target: 'web', disableRemote: true } },
  });
}

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
      },
      devtool: production ? false : 'eval-cheap-module-source-map',
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js'],
        alias: {
          ...(isHost ? externalRuntimeProviderAlias() : {}),
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
          { test: /\.css$/, use: [{ loader: 'style-loader', options: { insert: require.resolve('./insert-style.cjs') } }, 'css-loader'] },
        ],
      },
      plugins: [
        federation({ name: app.name, dir: app.dir, exposes: app.exposes }),
        new RouterSurfaceGuardPlugin(),
        ...(isHost ? [new HtmlWebpackPlugin({ template: './src/index.html', title: app.title })] : []),
      ],
    };
  };
}

module.exports = { createFrontendConfig, containerName, sharedModules };

const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { containerName, sharedModules } = require('./index.cjs');

/** Where a remote's server build goes: beside its browser build, under the same static server. */
const SERVER_DIR = 'server';

/**
 * The node build of a remote, for the shell's server renderer: the same exposed modules as a
 * Module Federation container of its own (`dist/server/remoteEntry.js` and `mf-manifest.json`),
 * CommonJS for Node, everything in one file (the renderer fetches the entry over HTTP and has no
 * way to fetch further chunks), React and the other singletons taken from the renderer's share
 * scope, and CSS kept as text for the HTML instead of being injected into a DOM.
 *
 * @param {{ dir: string, name: string, exposes: Record<string, string> }} app
 */
function createServerConfig(app) {
  return (_env, argv) => {
    const production = (argv?.mode ?? 'production') === 'production';
    return {
      name: `${app.name}-server`,
      mode: production ? 'production' : 'development',
      target: 'async-node',
      context: app.dir,
      entry: {},
      output: {
        path: path.join(app.dir, 'dist', SERVER_DIR),
        filename: '[name].js',
        chunkFilename: '[name].js',
        publicPath: 'auto',
        uniqueName: `${containerName(app.name)}_server`,
        library: { type: 'commonjs-module' },
        clean: true,
      },
      devtool: false,
      optimization: { minimize: false, splitChunks: false },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'] },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
            },
          },
          { test: /\.css$/, use: [require.resolve('./ssr-style-loader.cjs')] },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: containerName(app.name),
          filename: 'remoteEntry.js',
          library: { type: 'commonjs-module', name: containerName(app.name) },
          exposes: app.exposes,
          manifest: true,
          dts: false,
          shared: sharedModules(app.dir),
          shareStrategy: 'loaded-first',
        }),
        // One file: the renderer evaluates the entry it fetched and never loads a chunk beside it.
        new (require('webpack').optimize.LimitChunkCountPlugin)({ maxChunks: 1 }),
      ],
    };
  };
}

module.exports = { createServerConfig, SERVER_DIR };

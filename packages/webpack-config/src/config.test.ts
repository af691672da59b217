// The configuration objects the front ends are built with, checked without running webpack: what
// the shell, the renderer, the static server and the launcher rely on when a build is deployed.
import fs from 'node:fs';
import path from 'node:path';
import { containerName as contractsContainerName } from '@agentdock/contracts/remotes';
import webpack, { type Configuration, type WebpackPluginInstance } from 'webpack';

type App = { dir: string; name: string; exposes?: Record<string, string>; title?: string };
type ConfigFactory = (env: unknown, argv?: { mode?: string }) => Configuration;
type SharedConfig = { singleton?: boolean; requiredVersion?: string; import?: string; version?: string };

const { createFrontendConfig, containerName, sharedModules } = require('./index.cjs') as {
  createFrontendConfig: (app: App) => ConfigFactory;
  containerName: (name: string) => string;
  sharedModules: (dir: string) => Record<string, SharedConfig>;
};
const { createServerConfig, SERVER_DIR } = require('./server.cjs') as { createServerConfig: (app: App) => ConfigFactory; SERVER_DIR: string };
const { FederationManifestPlugin } = require('./federation-manifest.cjs') as {
  FederationManifestPlugin: new (options: { name: string; dir: string; shared: Record<string, SharedConfig>; remoteEntry?: string }) => WebpackPluginInstance;
};
const { RouterSurfaceGuardPlugin, SURFACE_PATH, ZOD_SURFACE_PATH } = require('./router-surface-guard.cjs') as {
  RouterSurfaceGuardPlugin: new () => WebpackPluginInstance;
  SURFACE_PATH: string;
  ZOD_SURFACE_PATH: string;
};

const root = path.resolve(__dirname, '../../..');
// Real apps, only read: their package.json is where the shared versions come from.
const remoteApp: App = { dir: path.join(root, 'mfe-marketing'), name: 'marketing', exposes: { './pages': './src/pages.ts' } };
const hostApp: App = { dir: path.join(root, 'shell'), name: 'shell', title: 'Agentdock' };
const dependenciesOf = (dir: string) => (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;
const versionOf = (pkg: string) => (JSON.parse(fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

const pluginNamed = (config: Configuration, name: string) =>
  config.plugins?.find((plugin) => plugin?.constructor.name === name) as (WebpackPluginInstance & Record<string, unknown>) | undefined;
/** Core webpack's plugin keeps its options in `options`, the enhanced one (server build) in `_options`. */
const federationOptions = (config: Configuration) => {
  const plugin = pluginNamed(config, 'ModuleFederationPlugin');
  return (plugin?.options ?? plugin?._options) as Record<string, unknown>;
};

/** A file name as webpack writes it for chunk `name` (the hash is what the content would give). */
const rendered = (template: string, name: string) =>
  template.replace('[name]', name).replace(/\[contenthash:(\d+)\]/, (_, length: string) => 'a1b2c3d4e5f6'.slice(0, Number(length)));
// packages/static-server/src/cache-policy.ts: only names with such a hash are cached for a year.
const CACHED_FOREVER = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

describe('container names', () => {
  it('are the contracts package’s: the shell looks each remote’s container up under that global', () => {
    for (const name of ['marketing', 'account', 'chat', 'admin', 'shell']) expect(containerName(name)).toBe(contractsContainerName(name));
    expect(containerName('chat')).toBe('agentdock_chat');
  });
});

describe('a remote’s browser build', () => {
  const config = createFrontendConfig(remoteApp)({}, { mode: 'production' });

  it('is a container named for the app, serving its exposed modules from remoteEntry.js', () => {
    expect(federationOptions(config)).toMatchObject({ name: 'agentdock_marketing', filename: 'remoteEntry.js', exposes: remoteApp.exposes });
    expect(config.output?.uniqueName).toBe('agentdock_marketing');
    expect(config.entry).toEqual({});
    expect(pluginNamed(config, 'HtmlWebpackPlugin')).toBeUndefined();
  });

  it('loads its chunks from wherever its remoteEntry.js was served (publicPath auto), so a remote can move without a rebuild', () => {
    expect(config.output?.publicPath).toBe('auto');
  });

  it('keeps entry names stable and hashes chunk names, so the static server revalidates the first and caches the others for good', () => {
    const output = config.output as { filename: string; chunkFilename: string };
    expect(output.filename).toBe('[name].js');
    expect(rendered(output.filename, 'main')).not.toMatch(CACHED_FOREVER);
    expect(output.chunkFilename).toMatch(/\[contenthash:(?:[89]|\d{2,})\]/);
    expect(rendered(output.chunkFilename, 'src_pages_ts')).toMatch(CACHED_FOREVER);
    const css = pluginNamed(config, 'MiniCssExtractPlugin')?.options as { filename: string; chunkFilename: string; ignoreOrder: boolean };
    expect(css.filename).toBe('[name].css');
    expect(rendered(css.chunkFilename, 'src_pages_ts')).toMatch(CACHED_FOREVER);
  });

  it('writes dist/, every file of every build (the launcher dates a build by its manifest), and leaves the server build in dist/server alone', () => {
    const output = config.output as { path: string; clean: { keep: RegExp }; compareBeforeEmit: boolean };
    expect(output.compareBeforeEmit).toBe(false);
    expect(output.path).toBe(path.join(remoteApp.dir, 'dist'));
    expect(output.clean.keep.test(`${SERVER_DIR}/remoteEntry.js`)).toBe(true);
    expect(output.clean.keep.test('src_pages_ts.0123abcd.js')).toBe(false);
  });

  it('writes mf-manifest.json naming its container, its entry and what it shares', () => {
    const manifest = pluginNamed(config, 'FederationManifestPlugin')?.options as { name: string; remoteEntry: string; shared: Record<string, SharedConfig> };
    expect(manifest).toMatchObject({ name: 'agentdock_marketing', remoteEntry: 'remoteEntry.js', dir: remoteApp.dir });
    expect(manifest.shared).toEqual(sharedModules(remoteApp.dir));
  });

  it('shares the same modules in its container, without the version ranges (the manifest keeps them; the runtime only warned with them)', () => {
    const shared = federationOptions(config).shared as Record<string, SharedConfig | { requiredVersion: false }>;
    const expected = Object.fromEntries(Object.entries(sharedModules(remoteApp.dir)).map(([request, entry]) => [request, { ...entry, requiredVersion: false }]));
    expect(shared).toEqual(expected);
  });

  it('guards the shared React Router and zod surfaces', () => {
    expect(pluginNamed(config, 'RouterSurfaceGuardPlugin')).toBeDefined();
  });

  it('is a production build unless told otherwise; development keeps source maps and React’s checks', () => {
    expect(createFrontendConfig(remoteApp)({}, undefined).mode).toBe('production');
    expect(config.devtool).toBe(false);
    // React Router's production build, not the development one its package exports.
    const routerAlias = (config.resolve?.alias as Record<string, string>)['react-router$'];
    expect(routerAlias).toMatch(/dist[/\\]production[/\\]index\.mjs$/);
    expect(routerAlias !== undefined && fs.existsSync(routerAlias)).toBe(true);

    // Three compression passes instead of webpack's two, for the production build only.
    expect(config.optimization).toMatchObject({ minimizeOptions: { javascript: { compress: { passes: 3 } } } });

    const development = createFrontendConfig(remoteApp)({}, { mode: 'development' });
    expect(development.optimization).not.toHaveProperty('minimizeOptions');
    expect(development.mode).toBe('development');
    expect(development.devtool).toBeTruthy();
    expect(development.resolve?.alias).toEqual({});
  });
});

describe('React Router’s production build', () => {
  const loader = require('./react-router-pure-loader.cjs') as (source: string) => string;
  const loaderRules = (mode: string) =>
    (createFrontendConfig(remoteApp)({}, { mode }).module?.rules ?? []).filter(
      (rule): rule is { test: RegExp; use: string } => typeof rule === 'object' && rule !== null && rule.use === require.resolve('./react-router-pure-loader.cjs'),
    );
  // The installed build's file that defines the components, whatever its hashed name.
  const productionDir = path.join(root, 'node_modules/react-router/dist/production');
  const componentsFile = fs
    .readdirSync(productionDir)
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => path.join(productionDir, file))
    .find((file) => fs.readFileSync(file, 'utf8').includes('var Form = '));

  it('goes through the loader in production only', () => {
    const [rule] = loaderRules('production');
    expect(rule?.test.test(componentsFile!)).toBe(true);
    expect(rule?.test.test(path.join(root, 'node_modules/react-router/dist/development/index.mjs'))).toBe(false);
    expect(loaderRules('development')).toEqual([]);
  });

  it('marks the installed build’s components and contexts pure and drops their display names, so the minifier can leave out the unused ones', () => {
    const output = loader(fs.readFileSync(componentsFile!, 'utf8'));
    expect(output).toMatch(/^var Form = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
    expect(output).toMatch(/^var FetchersContext = \/\* @__PURE__ \*\/ React\d*\.createContext\(/m);
    expect(output).not.toMatch(/^\w+\.displayName = /m);
  });

  it('leaves everything else as it was', () => {
    const source = 'var Link = React10.forwardRef(function LinkWithRef() {});\nLink.displayName = "Link";\nfunction f() {\n  inner.displayName = "x";\n}\n';
    expect(loader(source)).toBe('var Link = /* @__PURE__ */ React10.forwardRef(function LinkWithRef() {});\nfunction f() {\n  inner.displayName = "x";\n}\n');
  });
});

describe('the host (shell) build', () => {
  const config = createFrontendConfig(hostApp)({}, { mode: 'production' });

  it('has an entry and an index.html, is served from the root, and exposes nothing', () => {
    expect(config.entry).toEqual({ main: './src/index.ts' });
    expect(config.output?.publicPath).toBe('/');
    expect(config.output?.filename).toBe('[name].js');
    expect(pluginNamed(config, 'HtmlWebpackPlugin')).toBeDefined();
    const federation = federationOptions(config);
    expect(federation.name).toBe('agentdock_shell');
    expect(federation).not.toHaveProperty('exposes');
    expect(federation).not.toHaveProperty('filename');
    expect(pluginNamed(config, 'FederationManifestPlugin')?.options).toMatchObject({ remoteEntry: undefined });
  });

  it('puts its copies of React, React DOM and React Router in one hashed file, and nothing else there', () => {
    const splitChunks = config.optimization?.splitChunks;
    const group = splitChunks ? (splitChunks.cacheGroups?.framework as { test: RegExp; name: string; chunks: string }) : undefined;
    expect(group).toMatchObject({ name: 'framework', chunks: 'async' });
    expect(rendered(config.output?.chunkFilename as string, group!.name)).toMatch(CACHED_FOREVER);
    const inFramework = (file: string) => group!.test.test(path.join(root, file));
    for (const file of [
      'node_modules/react/index.js',
      'node_modules/react/jsx-runtime.js',
      'node_modules/react-dom/client.js',
      'node_modules/scheduler/index.js',
      'node_modules/react-router/dist/production/index.mjs',
    ]) {
      expect(inFramework(file)).toBe(true);
    }
    expect(inFramework(path.relative(root, SURFACE_PATH))).toBe(true);
    for (const file of ['visitor.ts', 'context.tsx', 'session-hint.ts', 'state-store.ts']) expect(inFramework(`packages/session/src/${file}`)).toBe(true);
    for (const file of [
      'node_modules/react-router-dom-extra/index.js',
      'node_modules/zod/mini/index.js',
      'node_modules/@tanstack/react-query/build/modern/index.js',
      'shell/src/app.tsx',
      'packages/session/src/session-client.ts',
    ]) {
      expect(inFramework(file)).toBe(false);
    }
  });
});

describe('a remote build', () => {
  it('leaves its fallback copies of the framework to the default chunking (the shell provides them)', () => {
    const config = createFrontendConfig(remoteApp)({}, { mode: 'production' });
    expect(config.optimization?.splitChunks).toBeUndefined();
  });
});

describe('the shared singletons', () => {
  const shared = sharedModules(remoteApp.dir);
  const dependencies = dependenciesOf(remoteApp.dir);

  it('are the ones every app must agree on, each a singleton', () => {
    expect(Object.keys(shared).sort()).toEqual([
      '@agentdock/session',
      '@agentdock/session/visitor',
      'react',
      'react-dom',
      'react-dom/client',
      'react-router-dom',
      'react/jsx-runtime',
      'zod/mini',
    ]);
    for (const [name, config] of Object.entries(shared)) expect([name, config.singleton]).toEqual([name, true]);
  });

  it('require the versions the app’s own package.json states', () => {
    expect(shared.react!.requiredVersion).toBe(dependencies.react);
    expect(shared['react/jsx-runtime']!.requiredVersion).toBe(dependencies.react);
    expect(shared['react-dom']!.requiredVersion).toBe(dependencies['react-dom']);
    expect(shared['react-dom/client']!.requiredVersion).toBe(dependencies['react-dom']);
    expect(shared['react-router-dom']!.requiredVersion).toBe(dependencies['react-router-dom']);
  });

  it('share React Router and zod as their surface files, under the installed versions', () => {
    expect(shared['react-router-dom']).toMatchObject({ import: SURFACE_PATH, version: versionOf('react-router-dom') });
    expect(shared['zod/mini']).toMatchObject({ import: ZOD_SURFACE_PATH, version: versionOf('zod'), requiredVersion: dependenciesOf(path.join(root, 'packages/contracts')).zod });
  });

  it('are the same in the host and in a remote, apart from the versions each states', () => {
    expect(Object.keys(sharedModules(hostApp.dir)).sort()).toEqual(Object.keys(shared).sort());
  });

  it('add the query library, one copy per page, only for the signed-in remotes that use it, never for the shell or the marketing remote', () => {
    for (const app of ['mfe-chat', 'mfe-account', 'mfe-admin']) {
      const dir = path.join(root, app);
      expect(sharedModules(dir)['@tanstack/react-query']).toEqual({ singleton: true, requiredVersion: dependenciesOf(dir)['@tanstack/react-query'] });
    }
    expect(sharedModules(hostApp.dir)).not.toHaveProperty('@tanstack/react-query');
    expect(shared).not.toHaveProperty('@tanstack/react-query');
  });
});

describe('a remote’s server build (for the shell’s renderer)', () => {
  const config = createServerConfig({ ...remoteApp, exposes: { './server': './src/server.ts' } })({}, { mode: 'production' });

  it('is one CommonJS file per container in dist/server, where the renderer looks for server/mf-manifest.json', () => {
    expect(SERVER_DIR).toBe('server');
    expect(config.target).toBe('async-node');
    expect(config.output).toMatchObject({ path: path.join(remoteApp.dir, 'dist', 'server'), filename: '[name].js', library: { type: 'commonjs-module' } });
    expect(config.output?.uniqueName).toBe('agentdock_marketing_server');
    expect(config.optimization).toMatchObject({ splitChunks: false });
    expect(pluginNamed(config, 'LimitChunkCountPlugin')?.options).toEqual({ maxChunks: 1 });
  });

  it('is a container with a manifest, taking the renderer’s singletons first', () => {
    expect(federationOptions(config)).toMatchObject({
      name: 'agentdock_marketing',
      filename: 'remoteEntry.js',
      library: { type: 'commonjs-module', name: 'agentdock_marketing' },
      exposes: { './server': './src/server.ts' },
      manifest: true,
      shareStrategy: 'loaded-first',
      shared: sharedModules(remoteApp.dir),
    });
  });
});

/** Runs a plugin's processAssets/finishModules hooks against a stand-in compiler. */
function fakeCompiler(publicPath: string) {
  const emitted = new Map<string, string>();
  const errors: Array<{ message: string }> = [];
  let finishModules: ((modules: unknown[]) => void) | undefined;
  let processAssets: (() => void) | undefined;
  const compilation = {
    hooks: {
      processAssets: { tap: (_: unknown, fn: () => void) => (processAssets = fn) },
      finishModules: { tap: (_: unknown, fn: (modules: unknown[]) => void) => (finishModules = fn) },
    },
    emitAsset: (name: string, source: { source(): string }) => emitted.set(name, source.source()),
    errors,
  };
  const compiler = {
    webpack,
    options: { output: { publicPath } },
    hooks: { thisCompilation: { tap: (_: unknown, fn: (c: unknown) => void) => fn(compilation) }, compilation: { tap: (_: unknown, fn: (c: unknown) => void) => fn(compilation) } },
  };
  return {
    compiler: compiler as unknown as webpack.Compiler,
    emitted,
    errors,
    processAssets: () => processAssets?.(),
    finishModules: (modules: unknown[]) => finishModules?.(modules),
  };
}

describe('mf-manifest.json', () => {
  const write = (options: { remoteEntry?: string; buildVersion?: string }) => {
    const previous = process.env.MF_BUILD_VERSION;
    if (options.buildVersion === undefined) delete process.env.MF_BUILD_VERSION;
    else process.env.MF_BUILD_VERSION = options.buildVersion;
    try {
      const fake = fakeCompiler('auto');
      new FederationManifestPlugin({ name: 'agentdock_marketing', dir: remoteApp.dir, shared: sharedModules(remoteApp.dir), remoteEntry: options.remoteEntry }).apply(
        fake.compiler,
      );
      fake.processAssets();
      return JSON.parse(fake.emitted.get('mf-manifest.json') ?? 'null') as {
        name: string;
        metaData: { buildInfo: { buildVersion: string }; remoteEntry: { name: string; path: string }; publicPath: string };
        shared: Array<{ name: string; version: string; singleton: boolean; requiredVersion?: string }>;
      };
    } finally {
      if (previous === undefined) delete process.env.MF_BUILD_VERSION;
      else process.env.MF_BUILD_VERSION = previous;
    }
  };

  it('names the entry the shell loads, relative to the manifest, and the public path', () => {
    const manifest = write({ remoteEntry: 'remoteEntry.js' });
    expect(manifest.name).toBe('agentdock_marketing');
    expect(manifest.metaData.remoteEntry).toEqual({ name: 'remoteEntry.js', path: '', type: 'global' });
    expect(manifest.metaData.publicPath).toBe('auto');
    expect(write({}).metaData.remoteEntry.name).toBe('');
  });

  it('dates the build by the package version, or by MF_BUILD_VERSION when a deploy sets it', () => {
    const packageVersion = (JSON.parse(fs.readFileSync(path.join(remoteApp.dir, 'package.json'), 'utf8')) as { version: string }).version;
    expect(write({ remoteEntry: 'remoteEntry.js' }).metaData.buildInfo.buildVersion).toBe(packageVersion);
    expect(write({ remoteEntry: 'remoteEntry.js', buildVersion: 'drill-42' }).metaData.buildInfo.buildVersion).toBe('drill-42');
  });

  it('lists every shared module with its installed version: the shell refuses a remote of another React major by these', () => {
    const shared = new Map(write({ remoteEntry: 'remoteEntry.js' }).shared.map((entry) => [entry.name, entry]));
    expect([...shared.keys()].sort()).toEqual(Object.keys(sharedModules(remoteApp.dir)).sort());
    expect(shared.get('react')).toEqual({ name: 'react', version: versionOf('react'), singleton: true, requiredVersion: dependenciesOf(remoteApp.dir).react });
    expect(shared.get('react/jsx-runtime')?.version).toBe(versionOf('react'));
    expect(shared.get('react-dom/client')?.version).toBe(versionOf('react-dom'));
    expect(shared.get('react-router-dom')?.version).toBe(versionOf('react-router-dom'));
  });
});

describe('the shared surface guard', () => {
  const appFile = path.join(remoteApp.dir, 'src', 'page.tsx');
  const use = (request: string, name?: string) => ({ request, type: 'harmony import specifier', ids: name ? [name] : [], loc: {} });
  const problems = (dependencies: unknown[], resource = appFile) => {
    const fake = fakeCompiler('auto');
    new RouterSurfaceGuardPlugin().apply(fake.compiler);
    fake.finishModules([{ resource, dependencies }]);
    return fake.errors.map((error) => error.message);
  };

  it('lets application code use the names the surfaces list', () => {
    expect(problems([use('react-router-dom', 'useNavigate'), use('react-router-dom', 'Link'), use('zod/mini', 'object'), use('react', 'useState')])).toEqual([]);
  });

  it('fails the build on a name outside a surface, or React Router imported around it (undefined at run time in every remote)', () => {
    expect(problems([use('react-router-dom', 'createBrowserRouter')])).toEqual([expect.stringContaining("'createBrowserRouter' from 'react-router-dom'.")]);
    expect(problems([use('react-router', 'useNavigate')])).toEqual([expect.stringContaining("Import of 'react-router'.")]);
    expect(problems([use('zod/mini', 'toJSONSchema')])).toEqual([expect.stringContaining("'toJSONSchema' from 'zod/mini'.")]);
    expect(problems([use('react-router-dom')])).toEqual([expect.stringContaining("Namespace use of 'react-router-dom'.")]);
  });

  it('leaves dependencies in node_modules and the surface files themselves alone', () => {
    expect(problems([use('react-router', 'createBrowserRouter')], path.join(root, 'node_modules', 'some-lib', 'index.js'))).toEqual([]);
    expect(problems([use('react-router', 'BrowserRouter')], SURFACE_PATH)).toEqual([]);
  });
});

// The import boundaries that keep every deployable deployable on its own: a service that imported
// another service's code, or a front end that imported a service, would ship and break with it.
// The rule resolves what an import points at (a relative path or an @agentdock/* workspace name)
// to the area of the tree it lives in, so `../../svc-billing/src/x` is caught like
// `@agentdock/svc-billing`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** @typedef {'service' | 'frontend' | 'gateway' | 'launcher' | 'package' | 'other'} Kind */

/** The kind of a folder, from its path relative to the repository root (posix separators). */
export function kindOfPath(relativePath) {
  const [top, second] = relativePath.split('/');
  if (/^svc-[^/]+$/.test(top)) return { kind: 'service', area: top };
  if (top === 'shell' || /^mfe-[^/]+$/.test(top)) return { kind: 'frontend', area: top };
  if (top === 'gateway') return { kind: 'gateway', area: top };
  if (top === 'launcher') return { kind: 'launcher', area: top };
  if (top === 'packages' && second) return { kind: 'package', area: `packages/${second}` };
  return { kind: 'other', area: top ?? '' };
}

/** Workspace package name → folder relative to the root, read from each workspace's package.json. */
export function workspaceFolders(root) {
  const folders = new Map();
  const candidates = [];
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    candidates.push(entry.name);
    if (entry.name === 'packages' || entry.name === 'local-providers') {
      for (const inner of readdirSync(path.join(root, entry.name), { withFileTypes: true })) {
        if (inner.isDirectory()) candidates.push(`${entry.name}/${inner.name}`);
      }
    }
  }
  for (const folder of candidates) {
    const manifest = path.join(root, folder, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name } = JSON.parse(readFileSync(manifest, 'utf8'));
    if (typeof name === 'string') folders.set(name, folder);
  }
  return folders;
}

/** Where an import specifier points, relative to the root; undefined for third-party modules. */
export function targetPath(specifier, fromFile, root, folders) {
  if (specifier.startsWith('.'))
    return path
      .relative(root, path.resolve(path.dirname(fromFile), specifier))
      .split(path.sep)
      .join('/');
  const match = /^(@agentdock\/[^/]+)(\/.*)?$/.exec(specifier);
  if (!match) return undefined;
  const folder = folders.get(match[1]) ?? conventionalFolder(match[1]);
  return folder === undefined ? undefined : `${folder}${match[2] ?? ''}`;
}

// Names not (yet) on disk, e.g. in a fixture: the repository's naming convention decides.
function conventionalFolder(name) {
  const bare = name.slice('@agentdock/'.length);
  if (/^(svc-|mfe-)/.test(bare) || ['shell', 'gateway', 'launcher'].includes(bare)) return bare;
  return `packages/${bare}`;
}

const isTestFile = (relativePath) => /(^|\/)test\//.test(relativePath) || /\.test\.[cm]?[jt]sx?$/.test(relativePath);

/** Why `from` may not import `to`, or undefined when it may. */
export function violation(fromPath, toPath) {
  const from = kindOfPath(fromPath);
  const to = kindOfPath(toPath);
  if (from.area === to.area) return undefined;
  const deployables = new Set(['service', 'frontend', 'gateway', 'launcher']);
  switch (from.kind) {
    case 'service':
      // Cross-service flow tests start a second service in the same process on purpose
      // (svc-billing's plan prices come from a real catalog); shipped code never does.
      if (to.kind === 'service' && !isTestFile(fromPath)) return `a service never imports another service (${to.area}); use its events or its HTTP API`;
      if (to.kind === 'frontend' || to.kind === 'gateway' || to.kind === 'launcher') return `a service never imports ${to.area}`;
      // A deployed service carries no stand-in: the launcher (or a test) starts one and hands over its URL.
      if (to.area === 'local-providers' && !isTestFile(fromPath)) return `a service never ships a local stand-in (${toPath}); take its URL from the environment`;
      return undefined;
    case 'frontend':
      if (to.kind === 'service' || to.kind === 'gateway' || to.kind === 'launcher') return `a front end never imports ${to.area}; talk to it over HTTP through the gateway`;
      return undefined;
    case 'package':
      if (deployables.has(to.kind)) return `a shared package never imports a deployable (${to.area})`;
      return undefined;
    default:
      return undefined;
  }
}

/** @param {string} root the repository root the areas are named from */
export function boundariesPlugin(root) {
  let folders;
  const rule = {
    meta: {
      type: 'problem',
      docs: { description: 'Services, front ends and shared packages import only what their deployment allows' },
      schema: [],
      messages: { forbidden: 'Import of "{{specifier}}" crosses a boundary: {{reason}}.' },
    },
    create(context) {
      const file = context.physicalFilename ?? context.filename;
      const fromPath = path.relative(root, file).split(path.sep).join('/');
      if (fromPath.startsWith('..')) return {};
      folders ??= workspaceFolders(root);
      const check = (node) => {
        if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return;
        const toPath = targetPath(node.value, file, root, folders);
        const reason = toPath === undefined ? undefined : violation(fromPath, toPath);
        if (reason) context.report({ node, messageId: 'forbidden', data: { specifier: node.value, reason } });
      };
      return {
        ImportDeclaration: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
        TSImportType: (node) => check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
        TSExternalModuleReference: (node) => check(node.expression),
        CallExpression: (node) => {
          if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments.length === 1) check(node.arguments[0]);
        },
      };
    },
  };
  return { rules: { boundaries: rule } };
}

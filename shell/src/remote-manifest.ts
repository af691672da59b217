/** The fields of a remote's mf-manifest.json the shell reads (written by @agentdock/webpack-config). */
export interface RemoteManifest {
  metaData?: { buildInfo?: { buildVersion?: string }; remoteEntry?: { name?: string; path?: string } };
  shared?: Array<{ name: string; version: string }>;
}

/**
 * The container file a manifest names, relative to the manifest's own absolute URL: the browser
 * build's remoteEntry.js in the shell, the server build's in the renderer.
 */
export function manifestEntryUrl(manifestUrl: string, manifest: RemoteManifest): string {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) throw new Error(`${manifestUrl} names no remoteEntry`);
  const dir = entry.path ? `${entry.path.replace(/\/?$/, '/')}` : '';
  return new URL(`${dir}${entry.name}`, manifestUrl).href;
}

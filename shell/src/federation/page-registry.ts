import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RemotePages } from '@agentdock/ui';
import type { RemoteName } from '../remotes';
import type { ExposedModuleLoader } from './connect-remotes';
import { RemoteUnavailableError } from './remote-unavailable';

export type PageComponent = LazyExoticComponent<ComponentType>;

export interface PageRegistry {
  /**
   * The lazily loaded page: the same component while it loads or once it has loaded, a fresh
   * one after a failed load (React.lazy keeps a rejection forever, so only a new one retries).
   */
  page(remote: RemoteName, name: string): PageComponent;
}

interface Entry {
  component: PageComponent;
  failed: boolean;
}

function hasPages(module: unknown): module is { pages: RemotePages } {
  return typeof module === 'object' && module !== null && typeof (module as { pages?: unknown }).pages === 'object';
}

/** Pages come from each remote's './pages' module: a map of page name to page loader. */
export function createPageRegistry(loadExposed: ExposedModuleLoader): PageRegistry {
  const entries = new Map<string, Entry>();

  async function loadPage(remote: RemoteName, name: string) {
    const module = await loadExposed(remote, 'pages');
    const loader = hasPages(module) ? module.pages[name] : undefined;
    if (typeof loader !== 'function') throw new RemoteUnavailableError(remote, { cause: new Error(`No page "${name}" in ${remote}`) });
    try {
      return await loader();
    } catch (error) {
      throw new RemoteUnavailableError(remote, { cause: error });
    }
  }

  return {
    page(remote, name) {
      const key = `${remote}/${name}`;
      const cached = entries.get(key);
      if (cached && !cached.failed) return cached.component;
      const entry: Entry = {
        failed: false,
        component: lazy(() =>
          loadPage(remote, name).catch((error: unknown) => {
            entry.failed = true;
            throw error;
          }),
        ),
      };
      entries.set(key, entry);
      return entry.component;
    },
  };
}

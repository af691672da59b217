import type { ContentSection } from '@agentdock/contracts';
import { useResource } from '../shared/use-resource';
import { loadSiteContent, NO_CONTENT, type SiteContent } from './content-sections';

/** The site's editable texts: undefined while loading, empty when the catalog cannot be reached. */
export function useSiteContent(): SiteContent | undefined {
  // The shared fetch outlives any one block, so it ignores the block's abort signal.
  const [state] = useResource('content sections', () => loadSiteContent());
  if (state.status === 'loading') return undefined;
  return state.status === 'loaded' ? state.data : NO_CONTENT;
}

/** The section placed in `slot`: undefined while loading, null when there is none. */
export function useContentSection(slot: string): ContentSection | null | undefined {
  return useSiteContent()?.get(slot);
}

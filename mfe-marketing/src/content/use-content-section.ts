import { useEffect, useState } from 'react';
import { loadedSiteContent, loadSiteContent, NO_CONTENT, type SiteContent } from './content-sections';
import type { SiteSection } from './site-section';

/** The site's editable texts: undefined while loading, empty when the catalog cannot be reached. */
export function useSiteContent(): SiteContent | undefined {
  // Already fetched (another block, or the page's gate): render with it on the first frame.
  const [content, setContent] = useState(loadedSiteContent);
  useEffect(() => {
    if (content !== undefined) return;
    let mounted = true;
    // The shared fetch outlives any one block, so an unmounting block only stops listening.
    loadSiteContent().then(
      (loaded) => mounted && setContent(loaded),
      (error: unknown) => {
        console.error('[agentdock] loading content sections failed', error);
        if (mounted) setContent(NO_CONTENT);
      },
    );
    return () => {
      mounted = false;
    };
  }, [content]);
  return content;
}

/** The section placed in `slot`: undefined while loading, null when there is none. */
export function useContentSection(slot: string): SiteSection | null | undefined {
  return useSiteContent()?.get(slot);
}

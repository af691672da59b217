import type { ComponentType } from 'react';
import { useSiteContent } from './use-content-section';

/**
 * Holds a page back until the operator's texts have arrived (one shared request, usually well
 * under a second), so its header and blocks appear once, at their final size, instead of as
 * placeholders that grow and push the rest of the page down. The shell keeps the footer below the
 * fold meanwhile.
 */
export function withSiteContent(Page: ComponentType): ComponentType {
  function PageWithSiteContent() {
    const content = useSiteContent();
    if (content === undefined) return <div className="mk-page-pending" aria-busy="true" />;
    return <Page />;
  }
  PageWithSiteContent.displayName = `withSiteContent(${Page.displayName ?? Page.name})`;
  return PageWithSiteContent;
}

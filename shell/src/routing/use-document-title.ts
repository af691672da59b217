import { useEffect } from 'react';
import { documentTitle } from './route-table';

/** Sets the document title and, when given, the meta description (search results, link previews). */
export function useDocumentTitle(title: string, description?: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  useEffect(() => {
    if (description === undefined) return;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [description]);
}

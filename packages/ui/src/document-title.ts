import { useEffect } from 'react';
import { SITE } from './site';

/**
 * Sets the document title and, when given, the meta description (search results, link previews).
 * The shell sets them per route; a page that learns a better title from its data (a course's
 * name) calls it again. Without a title (the page the server rendered, whose HTML has its own) the
 * document's stays.
 */
export function useDocumentTitle(title: string | undefined, description?: string) {
  useEffect(() => {
    if (title !== undefined) document.title = `${title} · ${SITE.name}`;
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

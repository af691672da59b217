import { useEffect } from 'react';
import { documentTitle } from './route-table';

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

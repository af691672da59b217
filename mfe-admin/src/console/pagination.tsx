import { Button } from '@agentdock/ui';
import { formatNumber } from './format';

interface PaginationProps {
  /** Names the navigation for screen readers, e.g. "Users pages". */
  label: string;
  pageSize: number;
  offset: number;
  shown: number;
  total: number;
  onPage: (offset: number) => void;
}

/** Previous and next pages of a server-paged list, with where this page is in the whole. */
export function Pagination({ label, pageSize, offset, shown, total, onPage }: PaginationProps) {
  return (
    <nav className="adm-pagination" aria-label={label}>
      <Button size="sm" variant="secondary" disabled={offset === 0} onClick={() => onPage(Math.max(0, offset - pageSize))}>
        Previous
      </Button>
      <span>{`${formatNumber(offset + 1)}–${formatNumber(offset + shown)} of ${formatNumber(total)}`}</span>
      <Button size="sm" variant="secondary" disabled={offset + shown >= total} onClick={() => onPage(offset + pageSize)}>
        Next
      </Button>
    </nav>
  );
}

import type { StatsRange } from '@agentdock/contracts';
import { Button } from '@agentdock/ui';
import type { OverviewStats } from '../api/stats-api';
import { overviewCsv } from './overview-figures';

export function CsvButton({ stats, range }: { stats: OverviewStats; range: StatsRange }) {
  function download() {
    const url = URL.createObjectURL(new Blob([overviewCsv(stats)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `agentdock-overview-${range.from}-to-${range.to}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  }
  return (
    <Button variant="secondary" onClick={download}>
      Export CSV
    </Button>
  );
}

/** @jest-environment jsdom */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { StatementLine, StatementResponse } from '@agentdock/contracts';
import { StatementView } from './statement-view';
import type { StatementRequest } from './use-statement';

const line = (index: number): StatementLine => ({
  id: `l${index}`,
  at: new Date(Date.UTC(2026, 10, 28 - index)).toISOString(),
  kind: 'reply',
  text: `Reply from Meeting Prep · ${index + 1},000 credits`,
  credits: -(index + 1) * 1_000,
  balance: 1_000_000 - index * 1_000,
  inProgress: false,
});

/** A statement of `total` lines, served a page at a time as svc-chat does; records every request. */
function loader(total: number) {
  const requests: StatementRequest[] = [];
  const all = Array.from({ length: total }, (_, index) => line(index));
  const load = jest.fn(async (request: StatementRequest): Promise<StatementResponse> => {
    requests.push(request);
    const start = (request.page - 1) * request.pageSize;
    return { lines: all.slice(start, start + request.pageSize), page: request.page, pageSize: request.pageSize, totalLines: total, balance: 1_000_000 };
  });
  return { load, requests };
}

const noCsv = () => Promise.reject(new Error('not asked for'));

describe('StatementView', () => {
  it('lists each event in words with its credits and the balance after it, a page at a time', async () => {
    const { load, requests } = loader(120);
    render(
      <>
        <h2 id="title">Statement</h2>
        <StatementView load={load} downloadCsv={noCsv} labelledBy="title" />
      </>,
    );
    const table = await screen.findByRole('table', { name: 'Statement' });
    const rows = within(table).getAllByTestId('statement-line');
    expect(rows).toHaveLength(50);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([expect.stringContaining('Nov 28, 2026'), 'Reply from Meeting Prep · 1,000 credits', '−1,000', '1,000,000']);
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Newer' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeTruthy());
    expect(requests.at(-1)).toEqual({ page: 2, pageSize: 50 });
    expect(within(screen.getByRole('table')).getAllByTestId('statement-line')[0]!.textContent).toContain('Reply from Meeting Prep · 51,000 credits');
  });

  it('filters by dates (back to the first page) and refuses an end before the start', async () => {
    const { load, requests } = loader(3);
    render(<StatementView load={load} downloadCsv={noCsv} labelledBy="none" />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-02' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(screen.getByText('The end of the range must not be before its start.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(requests).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ from: '2026-11-02', to: '2026-11-30', page: 1, pageSize: 50 }));
  });

  it('says so when there are no lines, and offers a retry when the statement fails to load', async () => {
    const failing = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue({ lines: [], page: 1, pageSize: 50, totalLines: 0, balance: 0 });
    render(<StatementView load={failing} downloadCsv={noCsv} labelledBy="none" />);
    expect(await screen.findByText('Failed to load the statement')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No credit changes in these dates.')).toBeTruthy();
  });

  it('downloads the shown range’s CSV from the server in one request, and says when it could not', async () => {
    const { load } = loader(3);
    const file = new Blob(['Date,Description,Credits,Balance\r\n'], { type: 'text/csv' });
    const downloadCsv = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(file);
    const saved: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:statement';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<StatementView load={load} downloadCsv={downloadCsv} labelledBy="none" fileName="mine.csv" />);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The CSV could not be prepared. Please try again.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([file]));
    expect(downloadCsv).toHaveBeenLastCalledWith({ from: '2026-11-01', to: '2026-11-28' });
    expect(load).not.toHaveBeenCalledWith(expect.objectContaining({ pageSize: 500 }));
    expect(click).toHaveBeenCalled();
    expect(screen.queryByText('The CSV could not be prepared. Please try again.')).toBeNull();
    click.mockRestore();
  });

  it('links a top-up to the receipts when told where they are, and never calls a reservation by its name', async () => {
    const topUp: StatementLine = { id: 'r1', at: '2026-11-28T10:00:00.000Z', kind: 'top-up', text: 'Top-up 500,000', credits: 500_000, balance: 1_411_300, inProgress: false };
    const held: StatementLine = { ...line(0), id: 'm1', text: 'Reply in progress · 50,000 credits held', credits: -50_000, balance: 911_300, inProgress: true };
    const load = jest.fn(async (): Promise<StatementResponse> => ({ lines: [topUp, held], page: 1, pageSize: 50, totalLines: 2, balance: 1_411_300 }));
    render(
      <MemoryRouter>
        <StatementView load={load} downloadCsv={noCsv} labelledBy="none" receiptsHref="/manage-subscription" />
      </MemoryRouter>,
    );
    const rows = await screen.findAllByTestId('statement-line');
    expect(within(rows[0]!).getAllByRole('cell')[1]!.textContent).toBe('Top-up 500,000 (receipt)');
    expect(within(rows[0]!).getByRole('link', { name: 'receipt' }).getAttribute('href')).toBe('/manage-subscription');
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(screen.getByRole('table').textContent).not.toMatch(/reserv/i);
  });
});

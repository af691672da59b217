/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { usageFixture } from './testing';
import { describeUsage, scaleTop, UsageChart } from './usage-chart';

describe('usage chart', () => {
  it('scales to a round top of at least 10', () => {
    expect([0, 7, 10, 11, 20, 21, 4_000, 6_000, 120_000].map(scaleTop)).toEqual([10, 10, 10, 20, 20, 50, 5_000, 10_000, 200_000]);
  });

  it('draws one bar per day, as tall as its share of the scale, with a text alternative', () => {
    const { daily } = usageFixture();
    render(<UsageChart daily={daily} />);
    const chart = screen.getByRole('img', { name: /Credits used per day/ });
    const bars = [...chart.querySelectorAll('rect')];
    expect(bars).toHaveLength(30);
    expect(bars.map((bar) => Number(bar.getAttribute('height')))).toEqual([...Array(28).fill(0), 40, 60]);
    expect(screen.getAllByRole('row')).toHaveLength(31);
    expect(screen.getByRole('columnheader', { name: 'Credits used' })).toBeTruthy();
  });

  it('stacks the API requests of a day on its chat bar, and shows them apart in the words and the numbers', () => {
    const daily = usageFixture().daily.map((day, index) => (index === 29 ? { ...day, apiCredits: 2_000, apiMessages: 3 } : { ...day, apiCredits: 0, apiMessages: 0 }));
    render(<UsageChart daily={daily} />);
    const chart = screen.getByRole('img', { name: /Credits used per day/ });
    // 6,000 + 2,000 on the last day: the scale tops at 10,000.
    const web = chart.querySelector(`rect[data-date="${daily[29]!.date}"]`)!;
    const api = chart.querySelector(`rect[data-api-date="${daily[29]!.date}"]`)!;
    expect([web.getAttribute('height'), web.getAttribute('y')]).toEqual(['60', '40']);
    expect([api.getAttribute('height'), api.getAttribute('y'), api.getAttribute('data-api-credits')]).toEqual(['20', '20', '2000']);
    expect(chart.querySelectorAll('rect')).toHaveLength(31);
    expect(describeUsage(daily)).toBe('12,000 platform credits used in the last 30 days (10,000 in the chat, 2,000 by the API); the most on November 23, 2026 (8,000).');
    expect(screen.getByRole('list', { name: 'Legend' }).textContent).toContain('API requests');
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Day', 'Chat credits', 'Chat messages', 'API credits', 'API requests']);
    const last = screen.getAllByRole('row').at(-1)!;
    expect([...last.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['6,000', '2', '2,000', '3']);
  });

  it('keeps the chat-only numbers when no API request was made', () => {
    const daily = usageFixture().daily.map((day) => ({ ...day, apiCredits: 0, apiMessages: 0 }));
    render(<UsageChart daily={daily} />);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Day', 'Credits used', 'Messages']);
    expect(screen.getByRole('img', { name: /Credits used per day/ }).querySelectorAll('rect')).toHaveLength(30);
  });

  it('says when nothing was used', () => {
    const daily = usageFixture().daily.map((day) => ({ ...day, creditsUsed: 0, messages: 0 }));
    expect(describeUsage(daily)).toBe('No platform credits used in the last 30 days.');
  });
});

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

  it('says when nothing was used', () => {
    const daily = usageFixture().daily.map((day) => ({ ...day, creditsUsed: 0, messages: 0 }));
    expect(describeUsage(daily)).toBe('No platform credits used in the last 30 days.');
  });
});

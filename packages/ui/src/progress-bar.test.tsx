/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  it('reports its share of the maximum, clamped, and an empty maximum as 0', () => {
    const { rerender } = render(<ProgressBar label="Credits" value={40} max={50} valueText="40 of 50" />);
    const bar = screen.getByRole('progressbar', { name: 'Credits' });
    expect(bar.getAttribute('aria-valuenow')).toBe('80');
    expect(bar.getAttribute('aria-valuetext')).toBe('40 of 50');
    rerender(<ProgressBar label="Credits" value={70} max={50} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    rerender(<ProgressBar label="Credits" value={5} max={0} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });
});

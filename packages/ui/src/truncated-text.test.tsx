/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { TruncatedText } from './truncated-text';

describe('TruncatedText', () => {
  it('shows the text on one cut line (ad-truncate) with the whole of it as its title, reachable by keyboard, keeping the caller’s classes', () => {
    const email = 'a-very-long-address-for-the-accounts-team@subsidiary.example-enterprise.com';
    render(<TruncatedText className="ad-muted" text={email} />);
    const shown = screen.getByText(email);
    expect(shown.className).toBe('ad-truncate ad-muted');
    expect(shown.getAttribute('title')).toBe(email);
    expect(shown.tabIndex).toBe(0);
  });
});

/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from './tabs';

const TABS = [
  { value: 'one', label: 'One' },
  { value: 'two', label: 'Two' },
  { value: 'three', label: 'Three' },
] as const;

function Harness() {
  const [value, setValue] = useState<(typeof TABS)[number]['value']>('one');
  return (
    <Tabs label="Sections" tabs={TABS} value={value} onChange={setValue}>
      <p>Panel {value}</p>
    </Tabs>
  );
}

describe('Tabs', () => {
  it('ties the selected tab to the panel and keeps only it in the Tab order', () => {
    render(<Harness />);
    const one = screen.getByRole('tab', { name: 'One' });
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    expect(one.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'One' }).textContent).toBe('Panel one');
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
  });

  it('moves and selects with the arrow keys, Home and End, wrapping around', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'One' }));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Three' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel three');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tabpanel', { name: 'One' })).toBeTruthy();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'One' }).getAttribute('aria-selected')).toBe('true');
  });
});

/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion } from './accordion';

const items = [
  { id: 'a', title: 'First question', content: 'First answer' },
  { id: 'b', title: 'Second question', content: 'Second answer' },
  { id: 'c', title: 'Third question', content: 'Third answer' },
];

const trigger = (name: string) => screen.getByRole('button', { name });

describe('Accordion', () => {
  it('starts with every item closed', () => {
    render(<Accordion items={items} />);
    for (const item of items) expect(trigger(item.title).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('keeps at most one item open', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);

    await user.click(trigger('First question'));
    expect(trigger('First question').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'First question' }).textContent).toBe('First answer');

    await user.click(trigger('Third question'));
    expect(trigger('First question').getAttribute('aria-expanded')).toBe('false');
    expect(trigger('Third question').getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('region')).toHaveLength(1);

    await user.click(trigger('Third question'));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('ties each header to its panel', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.click(trigger('Second question'));
    const panel = screen.getByRole('region', { name: 'Second question' });
    expect(trigger('Second question').getAttribute('aria-controls')).toBe(panel.id);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);

    await user.tab();
    expect(document.activeElement).toBe(trigger('First question'));
    await user.keyboard('{Enter}');
    expect(trigger('First question').getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(trigger('Second question'));
    await user.keyboard(' ');
    expect(trigger('Second question').getAttribute('aria-expanded')).toBe('true');
    expect(trigger('First question').getAttribute('aria-expanded')).toBe('false');

    await user.keyboard('{End}');
    expect(document.activeElement).toBe(trigger('Third question'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(trigger('First question'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(trigger('Third question'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(trigger('First question'));
  });
});

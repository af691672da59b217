/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion } from './accordion';

const items = [
  { id: 'a', title: 'First question', content: 'First answer' },
  { id: 'b', title: 'Second question', content: 'Second answer' },
  { id: 'c', title: 'Third question', content: 'Third answer' },
];

const question = (title: string) => screen.getByRole('heading', { name: title }).closest('summary')!;
const item = (title: string) => question(title).parentElement as HTMLDetailsElement;

// Keeping one question open is the browser's (one group name for all its disclosure elements);
// the browser suite checks it in Chromium, which jsdom does not implement.
describe('Accordion', () => {
  it('starts with every item closed, each question a heading of the given level in its disclosure', () => {
    render(<Accordion items={items} headingLevel={2} />);
    for (const { title } of items) {
      expect(item(title).tagName).toBe('DETAILS');
      expect(item(title).open).toBe(false);
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeTruthy();
    }
  });

  it('puts every item in one group, so the browser keeps at most one open', () => {
    render(<Accordion items={items} />);
    const names = new Set(items.map(({ title }) => item(title).getAttribute('name')));
    expect(names.size).toBe(1);
    expect([...names][0]).toBeTruthy();
  });

  it('gives two accordions on a page different groups', () => {
    render(
      <>
        <Accordion items={items.slice(0, 1)} />
        <Accordion items={items.slice(1, 2)} />
      </>,
    );
    expect(item('First question').getAttribute('name')).not.toBe(item('Second question').getAttribute('name'));
  });

  it('opens and closes a question with a click and shows its answer', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);
    await user.click(question('Second question'));
    expect(item('Second question').open).toBe(true);
    expect(item('Second question').textContent).toContain('Second answer');
    await user.click(question('Second question'));
    expect(item('Second question').open).toBe(false);
  });

  it('moves between questions with the arrow keys, Home and End', async () => {
    const user = userEvent.setup();
    render(<Accordion items={items} />);

    await user.tab();
    expect(document.activeElement).toBe(question('First question'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(question('Second question'));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(question('Third question'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(question('First question'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(question('Third question'));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(question('First question'));
  });

  it('leaves the keys alone inside an answer', async () => {
    const user = userEvent.setup();
    render(<Accordion items={[{ id: 'field', title: 'With a field', content: <input aria-label="Note" /> }, ...items]} />);
    await user.click(question('With a field'));
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' }));
  });
});

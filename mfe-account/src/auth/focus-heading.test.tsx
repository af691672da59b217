/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { useFocusHeadingOnChange } from './focus-heading';

/** A card whose view is `view`; its h1 is drawn only when `drawn` (a view still loading has none). */
function Card({ view, drawn }: { view: string; drawn: boolean }) {
  const card = useRef<HTMLDivElement>(null);
  useFocusHeadingOnChange(card, view);
  return (
    <div ref={card}>
      {drawn ? <h1>{view}</h1> : <p>Loading…</p>}
      <button type="button">{`Go from ${view}`}</button>
    </div>
  );
}

describe('useFocusHeadingOnChange', () => {
  it('moves focus to the new view’s heading when it is there at once', () => {
    const { rerender } = render(<Card view="sign_in" drawn />);
    rerender(<Card view="magic_link" drawn />);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'magic_link' }));
  });

  it('does not move focus on the first render', () => {
    render(<Card view="sign_in" drawn />);
    expect(document.activeElement).toBe(document.body);
  });

  it('waits for the heading of a view that is still loading', async () => {
    const { rerender } = render(<Card view="sign_in" drawn />);
    rerender(<Card view="magic_link" drawn={false} />);
    expect(document.activeElement).toBe(document.body);
    rerender(<Card view="magic_link" drawn />);
    // The observer reports the new heading in a microtask.
    await act(async () => undefined);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'magic_link' }));
  });

  it('leaves focus the visitor moved elsewhere while the view loaded', async () => {
    const outside = document.createElement('input');
    document.body.append(outside);
    const { rerender } = render(<Card view="sign_in" drawn />);
    rerender(<Card view="magic_link" drawn={false} />);
    outside.focus();
    rerender(<Card view="magic_link" drawn />);
    await act(async () => undefined);
    expect(document.activeElement).toBe(outside);
    outside.remove();
  });
});

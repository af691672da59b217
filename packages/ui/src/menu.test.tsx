/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { Menu } from './menu';

function Harness({ onEdit = () => undefined, onCredits = () => undefined }: { onEdit?: () => void; onCredits?: () => void }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Menu
        label="Actions"
        ariaLabel="Actions for Ana"
        items={[
          { label: 'Edit', onSelect: onEdit },
          { label: 'Suspend…', onSelect: () => setConfirming(true), danger: true },
          { label: 'Delete', onSelect: () => undefined, disabled: true, disabledReason: 'Not for your own account' },
          { label: 'Credits', onSelect: onCredits },
        ]}
      />
      {confirming && (
        <ConfirmDialog
          title="Suspend Ana?"
          description="Ana is signed out now."
          confirmLabel="Suspend"
          onConfirm={() => setConfirming(false)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}

const button = () => screen.getByRole('button', { name: 'Actions for Ana' });

describe('Menu', () => {
  it('is a closed menu button until opened, then focuses the first item', async () => {
    render(<Harness />);
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(button());
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('menu', { name: 'Actions for Ana' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Edit' }));
  });

  it('moves with the arrows, Home and End, wrapping round', async () => {
    render(<Harness />);
    button().focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Credits');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Edit');
    await userEvent.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Credits');
    await userEvent.keyboard('{Home}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Suspend…');
  });

  it('closes on Escape and gives focus back to the button, choosing nothing', async () => {
    const onEdit = jest.fn();
    render(<Harness onEdit={onEdit} />);
    await userEvent.click(button());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(onEdit).not.toHaveBeenCalled();
  });

  it('runs the item chosen with Enter or a click, once, and closes', async () => {
    const onCredits = jest.fn();
    render(<Harness onCredits={onCredits} />);
    button().focus();
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onCredits).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
    await userEvent.click(button());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Credits' }));
    expect(onCredits).toHaveBeenCalledTimes(2);
  });

  it('does nothing for a disabled item, which says why', async () => {
    render(<Harness />);
    await userEvent.click(button());
    const item = screen.getByRole('menuitem', { name: 'Delete (Not for your own account)' });
    expect(item.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(item);
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('closes on a click outside', async () => {
    render(
      <>
        <Harness />
        <p>Elsewhere</p>
      </>,
    );
    await userEvent.click(button());
    await userEvent.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('hands focus to a confirmation it opens, on Cancel, and back to the button after', async () => {
    render(<Harness />);
    await userEvent.click(button());
    await userEvent.click(screen.getByRole('menuitem', { name: 'Suspend…' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Suspend Ana?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(button());
  });
});

/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from './dialog';

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      {open ? (
        <Dialog
          title="Leave?"
          description={<p>Your changes will be lost.</p>}
          onClose={close}
          actions={
            <>
              <button data-autofocus onClick={close}>
                Stay
              </button>
              <button onClick={close}>Leave</button>
            </>
          }
        >
          <input aria-label="Note" />
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('is a labelled modal dialog that takes focus to its safe answer and keeps Tab inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Leave?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByText('Your changes will be lost.').closest('[id]')!.id).toBe(dialog.getAttribute('aria-describedby'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave' }));
    // From the last control Tab wraps to the first, and Shift+Tab back.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Note' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave' }));
  });

  it('closes on Escape and gives the focus back to what opened it', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

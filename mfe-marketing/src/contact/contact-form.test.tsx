/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactForm } from './contact-form';

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: { name?: string; email?: string; message?: string }) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.message) await user.type(screen.getByLabelText('Message'), values.message);
}

describe('ContactForm', () => {
  it('shows an error under each invalid field and opens nothing', async () => {
    const user = userEvent.setup();
    const openMailto = jest.fn();
    render(<ContactForm openMailto={openMailto} />);
    await fillIn(user, { email: 'not-an-address' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Please enter your name.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Please enter a message.')).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(openMailto).not.toHaveBeenCalled();
  });

  it('opens a mail draft, confirms, and resets for another message', async () => {
    const user = userEvent.setup();
    const openMailto = jest.fn();
    render(<ContactForm openMailto={openMailto} />);
    await fillIn(user, { name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect((await screen.findByRole('status')).textContent).toContain('Your email app is open');
    expect(openMailto).toHaveBeenCalledTimes(1);
    expect(openMailto.mock.calls[0][0]).toMatch(/^mailto:sales@agentdock\.example\?subject=/);
    expect(screen.getByRole('status').textContent).toContain('Your email app is open');

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
  });

  it('reports a failure to open the mail app in a red box', async () => {
    const user = userEvent.setup();
    render(
      <ContactForm
        openMailto={() => {
          throw new Error('blocked');
        }}
      />,
    );
    await fillIn(user, { name: 'Ada', email: 'ada@example.com', message: 'Hello' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred. Please try again.');
  });
});

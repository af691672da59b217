/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CopyButton } from './copy-button';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Clicks and lets the copy promise settle. */
async function click(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
  });
}

describe('CopyButton', () => {
  it('copies the text and says Copied! for exactly two seconds', async () => {
    const copy = jest.fn(() => Promise.resolve());
    render(<CopyButton text="https://discord.gg/agentdock" label="Copy link" copy={copy} />);

    await click(screen.getByRole('button', { name: 'Copy link' }));
    expect(copy).toHaveBeenCalledWith('https://discord.gg/agentdock');
    expect(screen.getByRole('button').textContent).toBe('Copied!');
    expect(screen.getByRole('status').textContent).toBe('Copied to the clipboard');

    act(() => jest.advanceTimersByTime(1999));
    expect(screen.getByRole('button').textContent).toBe('Copied!');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('button').textContent).toBe('Copy link');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('gives a second click its own two seconds', async () => {
    render(<CopyButton text="x" label="Copy link" copy={() => Promise.resolve()} />);
    await click(screen.getByRole('button'));
    act(() => jest.advanceTimersByTime(1500));
    await click(screen.getByRole('button'));
    act(() => jest.advanceTimersByTime(1500));
    expect(screen.getByRole('button').textContent).toBe('Copied!');
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByRole('button').textContent).toBe('Copy link');
  });

  it('says so when the browser refuses to copy', async () => {
    render(<CopyButton text="x" label="Copy link" copy={() => Promise.reject(new Error('denied'))} />);
    await click(screen.getByRole('button'));
    expect(screen.getByRole('alert').textContent).toBe('Could not copy. Select the link and copy it yourself.');
    expect(screen.getByRole('button').textContent).toBe('Copy link');
  });

  it('falls back to a selected text area when there is no Clipboard API', async () => {
    const execCommand = jest.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    let copied = '';
    execCommand.mockImplementation(() => {
      copied = (document.activeElement as HTMLTextAreaElement).value;
      return true;
    });
    render(<CopyButton text="https://discord.gg/agentdock" label="Copy link" />);
    expect(navigator.clipboard).toBeUndefined();

    await click(screen.getByRole('button'));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toBe('https://discord.gg/agentdock');
    expect(document.querySelector('textarea')).toBeNull();
    expect(screen.getByRole('button').textContent).toBe('Copied!');
  });
});

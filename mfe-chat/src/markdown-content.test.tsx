/** @jest-environment jsdom */
import { pageSanitizer } from '@agentdock/html-sanitizer';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MarkdownContent } from './markdown-content';

const renderMarkdown = (markdown: string) => render(<MarkdownContent html={pageSanitizer().renderMarkdown(markdown)} />).container;

describe('the reply renderer', () => {
  it('highlights a fenced code block (loading the highlighter on demand) and copies the code with its own button', async () => {
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const container = renderMarkdown('Try this:\n\n```ts\nconst answer: number = 42; // the answer\n```');
    const code = container.querySelector('pre > code')!;
    await waitFor(() => expect(code.querySelector('.hljs-keyword')?.textContent).toBe('const'));
    expect(code.querySelector('.hljs-comment')?.textContent).toBe('// the answer');
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('const answer: number = 42; // the answer\n');
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
  });

  it('renders a GFM table with header and cells', () => {
    const container = renderMarkdown('| Step | Owner |\n| --- | --- |\n| Draft | You |');
    expect([...container.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(['Step', 'Owner']);
    expect([...container.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['Draft', 'You']);
  });

  it('keeps ordinary links and drops script links', () => {
    const container = renderMarkdown('[docs](https://example.com/docs) and [bad](javascript:alert(1))');
    expect(container.querySelector('a')!.getAttribute('href')).toBe('https://example.com/docs');
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it('sanitises HTML that reaches it, even from the server', () => {
    const { container } = render(<MarkdownContent html={'<p>ok</p><img src="x" onerror="alert(1)"><script>alert(2)</script><pre><code onclick="alert(3)">x</code></pre>'} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|onclick/);
    expect(container.textContent).toContain('ok');
  });
});

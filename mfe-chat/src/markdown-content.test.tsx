/** @jest-environment jsdom */
import { pageSanitizer } from '@agentdock/html-sanitizer';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MarkdownContent } from './markdown-content';

const renderMarkdown = (markdown: string) => render(<MarkdownContent html={pageSanitizer().renderMarkdown(markdown)} />).container;

/** What a sanitiser must never let through: script-capable elements, handlers, script URLs. */
function dangerousMarkup(container: HTMLElement): string[] {
  const found: string[] = [];
  for (const element of container.querySelectorAll('*')) {
    if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'BASE', 'META', 'STYLE', 'LINK', 'FORM', 'MATH', 'SVG'].includes(element.tagName.toUpperCase())) found.push(element.tagName);
    for (const attribute of element.attributes) {
      if (/^(on|srcdoc$)/i.test(attribute.name)) found.push(`${element.tagName}[${attribute.name}]`);
      if (/^(href|src|action|formaction|xlink:href|data)$/i.test(attribute.name) && /^\s*(javascript|data:text\/html)/i.test(attribute.value))
        found.push(`${element.tagName}[${attribute.name}=${attribute.value}]`);
    }
  }
  return found;
}

// Payloads from the e2e XSS corpus (e2e/support/xss-payloads.ts), as the demo agent quotes a
// message back: a Markdown blockquote of the message as written. The MathML one leaves a <style>
// open that swallows the rest of the reply, so it comes last.
const QUOTED_PAYLOADS = [
  '<img src=x onerror=__xss(2)>',
  '<svg onload=__xss(5)>',
  '<iframe srcdoc="<script>parent.__xss(10)</script>"></iframe>',
  '<a href="&#106;avascript:__xss(15)">x</a>',
  '<details open ontoggle=__xss(21)>',
  '[link](javascript:__xss(53))',
  '![img](x" onerror="__xss(56))',
  '[x]: javascript:__xss(60)\n\n[x]',
  '<div>\n\n<img src=x onerror=__xss(61)>\n\n</div>',
  '`<img src=x onerror=__xss(62)>`',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(34)>',
];
const quoteBack = (payloads: string[]) =>
  ['> You asked:', '>', ...payloads.flatMap((payload, index) => [`> Payload ${index + 1}:`, '>', ...payload.split('\n').map((line) => (line ? `> ${line}` : '>')), '>'])].join(
    '\n',
  );

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

  it('renders XSS corpus payloads quoted back in a blockquote as inert text: each one shown after its marker, none able to run', () => {
    const container = renderMarkdown(quoteBack(QUOTED_PAYLOADS));
    const quote = container.querySelector('blockquote')!;
    expect(quote).not.toBeNull();
    expect(quote.textContent).toContain('You asked:');
    QUOTED_PAYLOADS.forEach((_, index) => expect(quote.textContent).toContain(`Payload ${index + 1}:`));
    // A payload in a code span, or one Markdown does not take for an image, is shown as the text it is.
    expect(quote.querySelector('code')?.textContent).toBe('<img src=x onerror=__xss(62)>');
    expect(quote.textContent).toContain('![img](x" onerror="__xss(56))');
    // The links keep their text and lose their script URLs; the images lose their handlers.
    expect([...quote.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['x', null],
      ['link', null],
      ['x', null],
    ]);
    expect(quote.querySelectorAll('img').length).toBeGreaterThan(0);
    expect(dangerousMarkup(container)).toEqual([]);
  });

  it('sanitises the quoted payloads again when unsanitised HTML reaches it', () => {
    const html = [
      '<blockquote><p>You asked:</p>',
      '<p><img src=x onerror=__xss(2)> <svg onload=__xss(5)></svg> <a href="javascript:__xss(53)">link</a></p>',
      '<iframe srcdoc="<script>parent.__xss(10)</script>"></iframe><details open ontoggle=__xss(21)><summary>more</summary></details>',
      '<p><a href="data:text/html,<script>__xss(52)</script>">data</a> <form action="javascript:__xss(32)"><button formaction="javascript:__xss(33)">go</button></form></p>',
      '</blockquote><p>demo</p>',
    ].join('');
    const { container } = render(<MarkdownContent html={html} />);
    expect(container.querySelector('blockquote')?.textContent).toContain('You asked:');
    expect(container.textContent).toContain('demo');
    expect(dangerousMarkup(container)).toEqual([]);
    expect(container.innerHTML).not.toMatch(/javascript:|data:text\/html|on(error|load|toggle)=/i);
  });

  it('sanitises HTML that reaches it, even from the server', () => {
    const { container } = render(<MarkdownContent html={'<p>ok</p><img src="x" onerror="alert(1)"><script>alert(2)</script><pre><code onclick="alert(3)">x</code></pre>'} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|onclick/);
    expect(container.textContent).toContain('ok');
  });
});

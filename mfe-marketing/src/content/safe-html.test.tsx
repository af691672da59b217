/** @jest-environment jsdom */
import { render } from '@testing-library/react';
import { SafeHtml } from './safe-html';
import { sanitizeHtml } from './sanitize-html';

/** Catalog HTML as a page shows it: through the platform's policy, then SafeHtml. */
function rendered(html: string): HTMLElement {
  const { container } = render(<SafeHtml html={sanitizeHtml(html)} />);
  return container.firstElementChild as HTMLElement;
}

describe('sanitizeHtml and SafeHtml', () => {
  it('keeps ordinary formatting', () => {
    const root = rendered('<h3>Title</h3><p>Some <strong>bold</strong> and <a href="/pricing">a link</a>.</p><ul><li>One</li></ul>');
    expect(root.querySelector('h3')?.textContent).toBe('Title');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelector('a')?.getAttribute('href')).toBe('/pricing');
    expect(root.querySelectorAll('li')).toHaveLength(1);
  });

  it('removes script, iframe, object and embed elements', () => {
    const root = rendered('<p>Hi</p><script>window.hacked = true</script><iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf">');
    expect(root.innerHTML).toBe('<p>Hi</p>');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('removes inline event handlers', () => {
    const root = rendered('<img src="x.png" onerror="alert(1)"><p onclick="alert(2)" onmouseover="alert(3)">Text</p>');
    expect(root.innerHTML).not.toMatch(/on(error|click|mouseover)/);
    expect(root.querySelector('p')?.textContent).toBe('Text');
  });

  it('removes javascript: URLs', () => {
    const root = rendered('<a href="javascript:alert(1)">Click</a><a href=" JaVaScRiPt:alert(2)">Again</a>');
    for (const link of Array.from(root.querySelectorAll('a'))) expect(link.getAttribute('href')).toBeNull();
    expect(root.textContent).toBe('ClickAgain');
  });

  it('removes forms and inline styles that could imitate the page', () => {
    const root = rendered('<form action="https://evil.example"><input name="password"></form><p style="position:fixed">Styled</p>');
    expect(root.querySelector('form, input')).toBeNull();
    expect(root.querySelector('p')?.hasAttribute('style')).toBe(false);
  });

  it('stops links that open a new tab from reaching back into the page', () => {
    const root = rendered('<a href="https://example.com" target="_blank">Out</a>');
    expect(root.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('drops any other link target', () => {
    const root = rendered('<a href="https://example.com" target="app">Out</a><p target="_blank">Text</p>');
    expect(root.querySelector('a')?.hasAttribute('target')).toBe(false);
    expect(root.querySelector('p')?.hasAttribute('target')).toBe(false);
  });

  it('gives a text seen before the same purified result, and a changed text its own', () => {
    const text = '<p onclick="alert(1)">Again</p><script>x()</script>';
    expect(sanitizeHtml(text)).toBe('<p>Again</p>');
    expect(sanitizeHtml(text)).toBe('<p>Again</p>');
    expect(sanitizeHtml(`${text}<b>new</b>`)).toBe('<p>Again</p><b>new</b>');
  });
});

import { pageSanitizer } from '@agentdock/html-sanitizer';
import { useEffect, useRef } from 'react';

/**
 * A reply's HTML (sanitised by the server, sanitised again here) with its code blocks enhanced:
 * a copy button on each and syntax colours from a highlighter loaded the first time a code block
 * shows. Tables scroll sideways within the bubble (chat.css).
 */
export function MarkdownContent({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const clean = pageSanitizer().sanitize(html);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const blocks = [...root.querySelectorAll<HTMLElement>('pre > code')];
    if (blocks.length === 0) return;
    for (const code of blocks) addCopyButton(code);
    let cancelled = false;
    import('./highlight')
      .then(({ highlightCode }) => {
        if (!cancelled) blocks.forEach(highlightCode);
      })
      // Plain code is still readable; colours are a nicety.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [clean]);

  return <div ref={ref} className="chat-markdown" dangerouslySetInnerHTML={{ __html: clean }} />;
}

function addCopyButton(code: HTMLElement): void {
  const pre = code.parentElement!;
  if (pre.querySelector(':scope > .chat-code-copy')) return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'chat-code-copy';
  button.textContent = 'Copy code';
  button.addEventListener('click', () => {
    navigator.clipboard.writeText(code.textContent ?? '').then(
      () => {
        button.textContent = 'Copied!';
        setTimeout(() => (button.textContent = 'Copy code'), 2000);
      },
      () => (button.textContent = 'Copy failed'),
    );
  });
  pre.prepend(button);
}

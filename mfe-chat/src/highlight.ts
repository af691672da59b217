// Loaded only when a reply shows a code block: the highlighter stays out of the chat's first load.
import hljs from 'highlight.js/lib/common';

/** Colours the code in place; the language from the fence (`language-ts`) where given, else guessed. */
export function highlightCode(code: HTMLElement): void {
  if (code.dataset.highlighted) return;
  hljs.highlightElement(code);
}

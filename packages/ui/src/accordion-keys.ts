import type { KeyboardEvent } from 'react';

// A module of its own: a list served as markup binds these keys without the accordion's code.

const MOVES: Readonly<Record<string, (index: number, count: number) => number>> = {
  ArrowDown: (index) => index + 1,
  ArrowUp: (index) => index - 1,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * Arrow keys move between an accordion's questions, Home and End to the first and the last (the
 * pattern's optional keys; the browser gives the rest). Bound on any element around the questions,
 * so a list served as markup and never drawn by React gets them too.
 */
export function moveBetweenQuestions(event: KeyboardEvent<HTMLElement>): void {
  const move = MOVES[event.key];
  if (!move || !(event.target instanceof HTMLElement) || event.target.tagName !== 'SUMMARY') return;
  const questions = [...event.currentTarget.querySelectorAll<HTMLElement>('.ad-accordion__trigger')];
  const index = questions.indexOf(event.target);
  if (index < 0) return;
  event.preventDefault();
  questions[(move(index, questions.length) + questions.length) % questions.length]?.focus();
}

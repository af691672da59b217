import { readInstructions } from './instructions';

const STOP_WORDS = new Set([
  'the',
  'a',
  'an',
  'and',
  'or',
  'for',
  'to',
  'of',
  'in',
  'on',
  'my',
  'me',
  'i',
  'is',
  'it',
  'with',
  'how',
  'what',
  'can',
  'you',
  'please',
  'help',
  'about',
  'do',
  'we',
  'our',
  'this',
  'that',
]);

function topics(message: string): string[] {
  const words = message.toLowerCase().match(/[a-z][a-z'-]{2,}/g) ?? [];
  // A 500-letter "word" is not a topic: it would fill the heading and the steps.
  return [...new Set(words.filter((word) => !STOP_WORDS.has(word) && word.length <= 30))].slice(0, 3);
}

/** What the message asks the demo to show: a code block, a table, a list, or plain steps. */
export type ReplyShape = 'code' | 'table' | 'list' | 'steps';

export function replyShape(message: string): ReplyShape {
  if (/\b(code|function|script|snippet|program|typescript|javascript|python)\b/i.test(message)) return 'code';
  if (/\btables?\b/i.test(message)) return 'table';
  if (/\b(list|bullets?|checklist|ideas)\b/i.test(message)) return 'list';
  return 'steps';
}

function body(shape: ReplyShape, subject: string, subjects: string[]): string[] {
  switch (shape) {
    case 'code':
      return [
        `A starting point for ${subject}:`,
        '',
        '```ts',
        `export function nextStep(tasks: string[]): string {`,
        `  return tasks.find((task) => task.trim() !== '') ?? 'Define the goal';`,
        '}',
        '```',
      ];
    case 'table':
      return [
        '| Step | Owner | When |',
        '| --- | --- | --- |',
        `| Clarify ${subjects[0] ?? 'the goal'} | You | Today |`,
        '| Draft a first version | You | This week |',
        '| Review | Team | Next week |',
      ];
    case 'list':
      return [`- Clarify what a good outcome for ${subject} is`, `- List the facts and constraints`, `- Draft, then refine with feedback`];
    case 'steps':
      return [`1. **Clarify the goal** for ${subject}.`, `2. **Draft a first version** of ${subjects[1] ?? 'the result'}.`, '3. **Pick one action** for today.'];
  }
}

/** The longest part of the message the reply quotes back (longer messages are cut, with an ellipsis). */
export const QUOTE_LIMIT = 200;

/**
 * The message quoted back as a Markdown blockquote, as written (its Markdown and any HTML in it
 * included, as a model echoing a user would write it): shows that the chat renders quotes, and
 * puts what the user typed through the reply renderer, which the XSS corpus relies on.
 */
export function quoteMessage(message: string): string[] {
  const characters = [...message.trim()];
  const quoted = characters.length > QUOTE_LIMIT ? `${characters.slice(0, QUOTE_LIMIT).join('').trimEnd()}…` : characters.join('');
  return ['> You asked:', '>', ...quoted.split(/\r?\n/).map((line) => (line.trim() ? `> ${line}` : '>'))];
}

/**
 * A short, agent-specific Markdown answer built from the agent's instructions and the message, so
 * the demo shows the real flow (streaming, credits, history) and what the chat renders (the
 * question quoted back; asked for code, a table or a list, it answers with one) without a model.
 * It names the instruction it follows and the knowledge it was given, so an admin's edit of the
 * instructions, or a new knowledge file, changes the next answer visibly.
 */
export function composeReply(system: string, message: string): string {
  const read = readInstructions(system);
  const subjects = topics(message);
  const subject = subjects.length > 0 ? subjects.join(', ') : 'your request';
  return [
    `## ${read.name}: ${subject}`,
    '',
    ...quoteMessage(message),
    '',
    read.guidance ? `Following my instructions (“${read.guidance}”):` : 'Here is how I would approach it:',
    '',
    ...body(replyShape(message), subject, subjects),
    ...(read.sources.length ? ['', read.excerpt ? `From the knowledge: “${read.excerpt}”` : '', `Sources: ${read.sources.join(', ')}`].filter(Boolean) : []),
    '',
    '_This answer comes from the built-in demo provider. Connect a real model for full answers._',
  ].join('\n');
}

/** Splits a reply into stream pieces the way a model emits tokens: words with their spacing. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/** The agent's persona as svc-chat sends it in the system message: "You are {name}. {description}". */
export function parsePersona(system: string): { name: string; description: string } {
  const match = /^You are ([^.]+)\.\s*([\s\S]*)$/.exec(system.trim());
  return match ? { name: match[1]!.trim(), description: match[2]!.trim() } : { name: 'your agent', description: system.trim() };
}

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
  return [...new Set(words.filter((word) => !STOP_WORDS.has(word)))].slice(0, 3);
}

/**
 * A useful, agent-specific Markdown answer built from the agent's description and the message,
 * so the demo shows the real flow (streaming, credits, history) without a model.
 */
export function composeReply(system: string, message: string): string {
  const persona = parsePersona(system);
  const focus = persona.description.split(/(?<=\.)\s/)[0] ?? persona.description;
  const subjects = topics(message);
  const subject = subjects.length > 0 ? subjects.join(', ') : 'your request';
  return [
    `## ${persona.name}: ${subject}`,
    '',
    `You asked: *${message.trim().slice(0, 300)}*`,
    '',
    focus ? `As ${persona.name} (${focus.replace(/\.$/, '').toLowerCase()}), here is how I would approach it:` : 'Here is how I would approach it:',
    '',
    `1. **Clarify the goal.** What does a good outcome for ${subject} look like, and by when?`,
    `2. **Gather what you know.** List the facts, people and constraints around ${subjects[0] ?? 'it'}.`,
    `3. **Draft the first version.** Start small, then refine ${subjects[1] ?? 'the result'} with feedback.`,
    `4. **Decide the next step.** Pick one action you can take today.`,
    '',
    '_This answer comes from the built-in demo provider. Connect a real model to get full answers._',
  ].join('\n');
}

/** Splits a reply into stream pieces the way a model emits tokens: words with their spacing. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

import type { ChatMessage } from '@agentdock/contracts';

/** A conversation as a Markdown document: the title, then each turn under who said it. */
export function conversationMarkdown(title: string, agentName: string, messages: readonly ChatMessage[]): string {
  const turns = messages.map(
    (message) => `## ${message.role === 'user' ? 'You' : agentName}\n\n${message.markdown.trim()}${message.imageUrl ? `\n\n![Generated image](${message.imageUrl})` : ''}`,
  );
  return `# ${title}\n\n${turns.join('\n\n')}\n`;
}

/** A file name from the title: letters, digits and dashes only. */
export function markdownFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'conversation'}.md`;
}

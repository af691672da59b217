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

/** Saves the conversation as a Markdown file, through a download link clicked for the user. */
export function downloadConversation(title: string, agentName: string, messages: readonly ChatMessage[]): void {
  const blob = new Blob([conversationMarkdown(title, agentName, messages)], { type: 'text/markdown' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = markdownFileName(title);
  link.click();
  // Revoked later, not at once: some browsers read the file only after the click returns.
  const href = link.href;
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

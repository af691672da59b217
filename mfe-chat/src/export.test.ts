import type { ChatMessage } from '@agentdock/contracts';
import { conversationMarkdown, markdownFileName } from './export';

const message = (role: 'user' | 'assistant', markdown: string, imageUrl: string | null = null): ChatMessage => ({
  id: '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11',
  agentId: '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a12',
  sessionId: '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a13',
  role,
  content: `<p>${markdown}</p>`,
  markdown,
  messageOrder: 0,
  tokensUsed: 1,
  creditsUsed: 100,
  imageUrl,
  createdAt: '2026-11-25T10:00:00.000Z',
});

describe('exporting a conversation', () => {
  it('writes the title and each turn as written (Markdown, not HTML)', () => {
    expect(conversationMarkdown('Plan', 'Meeting Prep', [message('user', 'Hi'), message('assistant', '**Hello**\n', '/img/a.png')])).toBe(
      '# Plan\n\n## You\n\nHi\n\n## Meeting Prep\n\n**Hello**\n\n![Generated image](/img/a.png)\n',
    );
  });
  it('names the file after the title', () => {
    expect(markdownFileName('Q3 budget: review!')).toBe('q3-budget-review.md');
    expect(markdownFileName('…')).toBe('conversation.md');
  });
});

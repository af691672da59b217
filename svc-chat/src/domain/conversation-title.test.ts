import { refinedConversationTitle } from './conversation-title';

describe('refinedConversationTitle', () => {
  it('keeps the subject of the message, without the greeting and the request around it', () => {
    expect(refinedConversationTitle('Hi! Could you please write a launch email for our pricing page?', 'Sure.')).toBe('Write a launch email for our pricing page');
    expect(refinedConversationTitle('Plan my   week\nplease', 'A **fake** answer.')).toBe('Plan my week');
    expect(refinedConversationTitle("I'd like you to summarise the board minutes.", 'Done.')).toBe('Summarise the board minutes');
    expect(refinedConversationTitle('help me draft a hiring plan', '')).toBe('Draft a hiring plan');
  });

  it('leaves a message that is already its subject as it was', () => {
    expect(refinedConversationTitle('Plan the quarterly board meeting', '## Meetings: quarterly, board\n\nHere is a plan.')).toBe('Plan the quarterly board meeting');
  });

  it('names a conversation opened with a greeting or one word after the reply: its heading, else its first sentence', () => {
    expect(refinedConversationTitle('Hi!', '## Getting **started** with the Writer\n\nI can draft emails.')).toBe('Getting started with the Writer');
    expect(refinedConversationTitle('help', 'I can draft emails and posts. Tell me which.')).toBe('I can draft emails and posts');
  });

  it('cuts a long subject at a word, as the first title is cut', () => {
    const title = refinedConversationTitle('Please write a detailed onboarding checklist for every new engineer joining the platform team this quarter', '');
    expect(title).toBe('Write a detailed onboarding checklist for every new…');
  });

  it('keeps the message as the title when neither the message nor the reply says more', () => {
    expect(refinedConversationTitle('Hello', '')).toBe('Hello');
    expect(refinedConversationTitle('Thanks', 'Welcome')).toBe('Thanks');
  });
});

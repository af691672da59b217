import type { Db } from '@agentdock/service-data';
import type { ChatSchema } from '../../db/schema';
import { extractText } from './extract';
import { writeKnowledgeFile } from './files';

/**
 * Knowledge files the seeded agents start with, by agent key (ids differ per install), so a fresh
 * `npm start` shows an agent answering from a file and citing it.
 */
export const SEED_KNOWLEDGE: Record<string, Array<{ name: string; text: string }>> = {
  // A free-tier agent: its passages are short and its budget one passage, so a free wallet can send.
  'startup-brainstorm': [
    {
      name: 'one-week-idea-tests.md',
      text: [
        '# One-week tests for a startup idea',
        '',
        '## Smoke test landing page',
        'Put up one page that states the problem, the promise and a price, with a sign-up or pre-order button.',
        'Spend at most 100 dollars on ads aimed at the customer you named. Five percent of visitors signing up is a signal; under one percent, rethink the promise.',
        '',
        '## Ten customer interviews',
        'Ask ten people who have the problem how they solved it last time and what it cost them. Never pitch the idea.',
        'If fewer than three have paid or worked around the problem in the last six months, the problem is not urgent enough.',
        '',
        '## Concierge test',
        'Deliver the service by hand to three paying customers before building anything. Charge from day one: a price people pay is the only proof of demand.',
      ].join('\n'),
    },
  ],
  'pitch-deck-coach': [
    {
      name: 'pitch-deck-checklist.md',
      text: [
        '# Pitch deck checklist',
        '',
        '## The ten slides investors expect',
        '1. Problem: who has it, how often, and what it costs them today.',
        '2. Solution: what the product does, shown, not described.',
        '3. Market: the customers you can reach first and the total market, bottom-up (customers × price).',
        '4. Business model: who pays, how much, how often; gross margin per customer.',
        '5. Traction: revenue, growth rate month on month, retention, pilots with named customers.',
        '6. Competition: the alternatives customers use today and why you win against each.',
        '7. Go-to-market: the channel that works now and the cost of acquiring a customer in it.',
        '8. Team: why these people can build and sell this; key hires still missing.',
        '9. Financials: 18 to 24 months of revenue, burn and runway.',
        '10. The ask: how much you raise, the milestones it buys and the runway it gives.',
        '',
        '## Common mistakes',
        'More than twelve slides; a market size without the calculation behind it; traction shown as totals instead of growth;',
        'no clear ask. Keep one message per slide and a headline that states it.',
        '',
        '## Length and format',
        'Send a PDF of at most 15 pages; present in 10 minutes, leaving time for questions.',
      ].join('\n'),
    },
  ],
};

/** Gives a seeded agent its starting files, in the transaction that records the agent. */
export async function seedKnowledge(tx: Db<ChatSchema>, agent: { id: string; key: string }): Promise<void> {
  for (const file of SEED_KNOWLEDGE[agent.key] ?? []) {
    const bytes = new TextEncoder().encode(file.text);
    await writeKnowledgeFile(tx, { agentId: agent.id, name: file.name, bytes }, await extractText(file.name, bytes));
  }
}

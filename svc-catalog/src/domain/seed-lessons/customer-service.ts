import type { SeedText } from './seed-text';

/** The "customer-service" course's lessons, keyed by the code-owned module titles. */
export const customerService: Record<string, SeedText> = {
  'Where AI helps customers': {
    minutes: 9,
    body: `Customers want fast, correct answers, at any hour. AI helps most with the questions that are frequent and well documented: order status, opening hours, how-to steps, return rules.

It also helps your team behind the scenes: summarising long threads, drafting replies for review, tagging and routing tickets, and finding the right help article.

Keep people for what people do best: complaints, exceptions, emotional situations and anything that needs judgement. Good AI support makes human support more available, not less.`,
  },
  'Tone of voice and brand': {
    minutes: 8,
    body: `Every reply speaks for your brand. Define the tone you want in a few words, such as "warm, clear, never casual about money", and give examples of good and bad replies.

Write rules the agent can follow: use the customer's name, apologise once and then solve, avoid jargon, end with the next step. Include phrases to avoid, such as promises you cannot keep.

Review a sample of replies for tone, not only for correctness. Customers remember how you made them feel.`,
    exercise: 'Write your support tone of voice in three words, with one example reply that fits it and one that does not.',
  },
  'Setting expectations': {
    minutes: 8,
    body: `Tell customers when they are talking to an AI assistant and what it can do. Clear expectations prevent frustration and build trust.

Make it easy to reach a person at any time. A visible "talk to a human" option is a sign of confidence, not of weakness.

State response times honestly for cases that need a person, and keep to them.`,
  },
  'Answering from your help content': {
    minutes: 11,
    body: `A support agent is only as good as the help content behind it. Start by reviewing your help centre: remove outdated articles, merge duplicates and fill the gaps your team answers by hand every day.

Instruct the agent to answer only from that content, to link the article it used, and to say clearly when the answer is not there.

Each question the agent cannot answer is a missing article. Review them weekly and your help centre improves for everyone.`,
  },
  'Drafting replies for review': {
    minutes: 9,
    body: `Drafted replies are a safe way to start: the agent writes, a support person reviews and sends. Customers get faster answers while your team stays in control.

Show the draft with the sources it used and the customer's history. Reviewers should be able to edit quickly and mark what was wrong.

Track how often drafts are sent unchanged. That figure tells you when a category of questions is ready for automatic answers.`,
    exercise: 'Take five recent tickets, draft replies with an agent, and count how many you would send with at most one small edit.',
  },
  'Triage and routing': {
    minutes: 9,
    body: `Triage decides what a ticket is about, how urgent it is and who should handle it. An agent can read each new ticket and suggest a category, a priority and a team in seconds.

Define your categories clearly and give examples of each. Ambiguous categories confuse agents and people alike.

Start with suggestions that a person confirms, measure how often they are right, and automate only the categories with consistently correct suggestions.`,
  },
  'Escalating to a human': {
    minutes: 8,
    body: `Define when the agent must hand over: an angry customer, a legal or safety issue, a refund above a limit, or any question it cannot answer from your content.

Hand over with context. The person taking over should see the conversation and the agent's summary, so the customer never has to repeat themselves.

Review escalations regularly. Some show gaps in content; others show rules that hand over too late.`,
  },
  'Measuring satisfaction': {
    minutes: 8,
    body: `Ask customers after each conversation whether their problem was solved, with one simple question. Compare answers handled by the agent, by people, and by both.

Look beyond the score: resolution time, the number of contacts per issue and repeat contacts within a week tell you whether problems are really solved.

Read a sample of low-scored conversations every week. The reasons are usually specific and fixable.`,
  },
  'Improving answers every week': {
    minutes: 9,
    body: `Make improvement a weekly routine: review unanswered questions, low-scored conversations and reviewer edits, then update content and instructions.

Prioritise by volume. Fixing the answer to a question asked a hundred times a week matters more than perfecting a rare case.

Share the results with the team: questions resolved, time saved, satisfaction trend. Visible progress keeps everyone invested in the agent's quality.`,
    exercise: 'Run one weekly review: list the three most frequent unanswered questions and write or update the help content for each.',
  },
};

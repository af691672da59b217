import type { SeedText } from './seed-text';

/** The "build-ai-agents" course's lessons, keyed by the code-owned module titles. */
export const buildAiAgents: Record<string, SeedText> = {
  'Choosing one task to automate': {
    minutes: 10,
    body: `A good agent does one job well. Agents that try to do everything end up doing nothing reliably, and they are impossible to test.

Pick a task with a clear input and a clear output: "turn a sales call transcript into a CRM summary", "draft a reply to a refund request", "produce a first social post from a blog article". If you cannot describe what a good result looks like, the task is not ready for an agent.

Prefer tasks that happen at least weekly and where a person already checks the result. That gives you a steady supply of real examples and a safety net while the agent improves.`,
  },
  'Writing the agent brief': {
    minutes: 12,
    body: `The brief, also called the system instructions, is the agent's job description. It says who the agent is, whom it serves, what it must produce and what it must never do.

Write it in plain sentences and sections: role, audience, inputs it will receive, steps to follow, the output format, and rules (for example "never promise a delivery date", "ask for the order number when it is missing"). Put the most important rules first and keep each one short.

Include one complete example of a good answer. A concrete example removes more ambiguity than a page of adjectives.`,
    exercise: 'Write a one-page brief for the task you chose: role, audience, inputs, steps, output format and three rules.',
  },
  'Defining success': {
    minutes: 9,
    body: `Before building, decide how you will know the agent works. "It seems good" is not a measure, and without a measure every change is a guess.

Choose two or three criteria you can check on each answer: is the information correct, does it follow the format, would a colleague send it with only small edits? Add a target, such as "8 of 10 answers need at most one small edit".

These criteria become your test set's checklist in module three, and they let you tell the team honestly how far the agent can be trusted.`,
  },
  'Adding your documents': {
    minutes: 11,
    body: `An agent only knows what it was trained on and what you give it. To answer about your products, policies or prices, it needs your documents.

Choose sources that are current and authoritative: the price list rather than an old sales deck, the published policy rather than a draft. Remove duplicates and outdated versions, because an agent cannot tell which of two contradicting documents is right.

Tell the agent in its brief how to use the material: quote the document's wording for policies, say clearly when the answer is not in the documents, and never invent a price.`,
  },
  'Connecting tools and actions': {
    minutes: 12,
    body: `Tools let an agent do more than write: look up an order, check a calendar, create a ticket. Each tool is a narrow, well-described action the agent can decide to call.

Start with read-only tools. An agent that can look up information is useful and safe; an agent that can change data or send messages needs approvals and logs before it goes live.

Describe every tool precisely: what it does, what it needs and what it returns. Most tool mistakes come from vague descriptions, not from the model.`,
  },
  'Generating images': {
    minutes: 8,
    body: `Image generation turns a text description into a picture. It is useful for social posts, slide illustrations, mood boards and quick product mock-ups.

Describe the subject, the style, the composition and the mood: "a flat illustration of a small team around a laptop, warm colours, plenty of empty space on the left for a headline". Name what to avoid, such as text in the image, which generators often render badly.

Check the result for brand fit and for anything that could mislead. Generated images are drafts and illustrations, not photographs of real events.`,
    exercise: 'Write an image prompt for the header of your next newsletter, generate two versions, and note what you changed between them.',
  },
  'Building a test set': {
    minutes: 11,
    body: `A test set is a list of real inputs with what a good answer should contain. Twenty varied cases are enough to start: typical ones, difficult ones and a few that should be refused.

Collect cases from your actual work, not invented ones: real customer questions, real transcripts, real documents. Remove personal data before you store them.

Run the whole set every time you change the agent's brief or documents. A change that fixes one case often breaks another, and only a test set will show it.`,
  },
  'Reading failures': {
    minutes: 10,
    body: `When an answer fails, find out why before changing anything. Most failures fall into a few groups: missing information, an instruction the agent misread, a conflicting document, or a request outside the agent's job.

Write the cause next to each failed case. Patterns appear quickly: five failures caused by one outdated document are fixed by one replacement, not five new rules.

Keep failed cases in the test set after fixing them, so they stay fixed.`,
  },
  'Iterating on instructions': {
    minutes: 9,
    body: `Change one thing at a time and re-run the test set. If you change three rules at once and the results improve, you will not know which rule helped.

Prefer clarifying an existing rule over adding a new one. Long briefs full of exceptions confuse agents as much as people; when the brief grows, reorganise it.

Keep a short change log: date, what changed, and the test-set score before and after. It turns tuning into an engineering habit instead of guesswork.`,
    exercise: 'Run your test set, pick the most common failure cause, make one change to the brief, and record the score before and after.',
  },
  'Rolling out to your team': {
    minutes: 10,
    body: `Introduce the agent to a small group first, ideally the people who do the task today. They know what good looks like and will spot problems fast.

Show them how to use it, what it is for and what it is not for, and whom to tell when something is wrong. Make giving feedback effortless, for example a shared channel where anyone can paste a bad answer.

Widen access once the pilot group uses the agent by choice, not because they were told to.`,
  },
  'Measuring usage and cost': {
    minutes: 9,
    body: `Track how often the agent is used, for which tasks, and what it costs in credits. Usage tells you whether it is useful; cost tells you whether it is worth it.

Compare the cost with the time saved. If an answer costs a few cents and saves fifteen minutes, the case is clear; if people rarely use it, find out why before optimising cost.

Watch for expensive habits, such as pasting whole documents into every message, and teach shorter, focused requests.`,
  },
  'Maintaining your agent': {
    minutes: 9,
    body: `An agent is never finished. Prices change, policies are updated and new questions appear; an agent left alone slowly becomes wrong.

Give every agent an owner who reviews feedback monthly, updates its documents and re-runs the test set after each change.

Retire agents nobody uses. A small set of well-kept agents is worth more than a long list of forgotten ones.`,
    exercise: 'Write the maintenance plan for your agent: its owner, the documents to review, and how often the test set runs.',
  },
};

import type { SeedText } from './seed-text';

/** The "ai-fundamentals" course's lessons, keyed by the code-owned module titles. */
export const aiFundamentals: Record<string, SeedText> = {
  'What a language model is': {
    minutes: 8,
    body: `A language model is a program trained on a very large amount of text to predict what comes next. Given the beginning of a sentence, it estimates which words are likely to follow, one piece at a time. Everything a modern AI assistant does, from answering a question to drafting an email, is built on that one skill.

Because it learned from so much writing, a model has absorbed grammar, facts, styles and common ways of reasoning. It has not memorised a database it can look things up in: it produces text that *fits* the pattern of what you asked. That is why answers read fluently even when a detail is wrong.

For your business this means two things. A model is excellent at work that is mostly language: summarising, rewriting, explaining, drafting. And it needs you to give it the facts that matter, because it cannot know your customers, prices or plans unless you tell it.`,
  },
  'From chatbots to agents': {
    minutes: 9,
    body: `The first chatbots followed scripts: a fixed tree of questions and answers. Language models changed that, because they can reply to anything in natural language. An **agent** goes one step further: it is a model given a goal, instructions, knowledge and sometimes tools, so it can carry a task through several steps.

Think of the difference between asking a colleague a question and handing them a small project. "What is a good subject line?" is a chat. "Prepare me for tomorrow's meeting with this client, using our notes and their website" is a task for an agent: it gathers, organises and produces something you can use.

On Agentdock each agent is built around one kind of business task, such as meeting preparation or brainstorming. Choosing the right agent for the job is the first habit to build.`,
  },
  'Strengths, limits and costs': {
    minutes: 10,
    body: `Agents are strong at first drafts, summaries, structured lists, rephrasing for an audience and generating options. They are fast, tireless and good at following a format you show them.

They are weak where exact facts, fresh information or careful arithmetic matter. A model can state something false with complete confidence, which is called a *hallucination*. Treat every figure, name and quote in an answer as something to check before it leaves your company.

Every answer also has a cost. Here it is measured in credits, which follow the amount of text the model reads and writes. Long conversations and huge pasted documents cost more than short, focused requests, so clear prompts save both time and credits.`,
    exercise: 'List three tasks from your last week that were mostly reading or writing. For each, note one fact an agent would need from you to do it well.',
  },
  'Giving context and a goal': {
    minutes: 9,
    body: `The most common reason for a poor answer is a request with too little context. "Write a follow-up email" leaves the model guessing who it is for, what happened and what you want next.

A useful prompt answers four questions: **who** you are and who the audience is, **what** situation you are in, **what** you want produced, and **why** it matters. For example: "I run a small design studio. Write a short follow-up to a client who liked our proposal but has not replied in two weeks. The goal is to book a 20-minute call, without sounding pushy."

You do not need special phrases or tricks. Write the way you would brief a capable new colleague on their first day, and the answers improve immediately.`,
  },
  'Examples and formats': {
    minutes: 8,
    body: `Models are very good at imitating. If you show one or two examples of what a good result looks like, the answer will follow their tone, length and structure far more closely than any description.

Say exactly which format you need: a bullet list, a table with named columns, three options of at most 15 words, an email with a subject line. A clear format makes the answer easier to check and easier to paste where it is going.

Keep examples short and realistic. If you always want the same format, save the prompt and reuse it: consistency is what turns a clever trick into a dependable tool.`,
  },
  'Checking and refining answers': {
    minutes: 10,
    body: `Treat the first answer as a draft. Read it as you would read work from a new hire: is it correct, is it complete, does it sound like us?

When something is off, say precisely what to change rather than starting over: "Shorter, and drop the second paragraph", "Use the price from the table I pasted", "Our customers are accountants, not developers". The conversation keeps the context, so each refinement is cheap.

Finally, check facts against your own sources. The agent's job is to save you time on the writing; the responsibility for what you send stays with you.`,
    exercise: 'Take a prompt you used recently. Rewrite it with who, what, why and a required format, and note how the answer changed.',
  },
  'Finding the first use cases': {
    minutes: 11,
    body: `The best first use cases are frequent, mostly written, and low risk if a draft needs fixing. Weekly reports, meeting notes, first replies to common questions and research summaries are typical examples.

Make a short list of the tasks your team repeats every week and estimate how long each takes. Then ask two questions of each: could a good draft save half of that time, and would a mistake be caught before it reaches a customer? Tasks that pass both are your candidates.

Start with one or two, measure the time saved for a month, and only then add more. Small, visible wins build the trust a team needs to change how it works.`,
  },
  'Meeting preparation with an agent': {
    minutes: 9,
    body: `Meeting preparation is a classic first task: it is repeated often, it is mostly reading and summarising, and a better-prepared meeting pays off immediately.

Give the agent the meeting's purpose, who attends, what you already know (past notes, the client's website text, the last email thread) and what decision you hope to reach. Ask for a one-page brief: background, open questions, likely objections and a proposed agenda.

Review the brief, correct anything the agent could not know, and bring it to the meeting. After a few meetings you will know exactly which inputs produce the best brief, and you can save them as your standard prompt.`,
    exercise: 'Prepare the brief for one real meeting next week with an agent. Which part of the brief was most useful, and what did you have to correct?',
  },
  'Privacy and responsible use': {
    minutes: 10,
    body: `Before pasting anything into an AI tool, ask whether you would be comfortable with it leaving your company. Customer personal data, health information, passwords and confidential contracts need a clear policy before they go anywhere near a model.

Be open with customers and colleagues about where AI is used. A drafted reply that a person reviews is different from an automated decision about someone, and people deserve to know which one they are dealing with.

Write down three simple rules for your team: what may be shared, who reviews AI-made work before it is sent, and whom to ask when unsure. Responsible use is mostly good habits, agreed early.`,
  },
};

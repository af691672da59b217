import type { LessonInput } from '@agentdock/contracts';
import { COURSES } from './course-catalogue';

interface SeedText {
  minutes: number;
  body: string;
  exercise?: string;
}

/**
 * What each seeded lesson teaches, keyed by course id and lesson title (the titles are the
 * code-owned modules' own). The operator edits them in the admin console afterwards.
 */
const TEXTS: Record<string, Record<string, SeedText>> = {
  'ai-fundamentals': {
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
  },
  'build-ai-agents': {
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
  },
  'advanced-implementation': {
    'Integrating agents with your systems': {
      minutes: 12,
      body: `At scale, agents stop being a separate tool and become part of your systems: the CRM, the help desk, the document store. Integration removes copying and pasting, which is where most time and errors go.

Map the flow first: where the input comes from, where the output must land, and who approves it in between. Integrate the reading side first, then the writing side once the approval step is proven.

Prefer official APIs and keep each integration small and owned. One broken integration should never stop the rest.`,
    },
    'Data access and security': {
      minutes: 12,
      body: `An agent should see only the data its task needs, with the same permissions as the person it works for. Giving an agent broad access "to be useful" creates a path around every control you have.

Classify the data involved: public, internal, confidential, personal. Decide for each class which agents and providers may process it, and document where it is stored and for how long.

Log what agents read and write. When something goes wrong, logs are how you find out what happened and whom to inform.`,
      exercise: 'Pick one agent in use and list the data it can reach. Which access could you remove without hurting its job?',
    },
    'Choosing models and providers': {
      minutes: 10,
      body: `Models differ in quality, speed, price and where they process data. The most capable model is not always the right one: routine classification rarely needs it, while complex drafting may.

Compare candidates on your own test set rather than on public benchmarks. Measure quality, response time and cost per task, and check the provider's terms on data retention and training.

Keep the choice reversible. If your agents are defined by briefs, documents and tests, changing the model underneath is an afternoon's work instead of a rebuild.`,
    },
    'Review and approval flows': {
      minutes: 10,
      body: `Decide which outputs a person must approve before they take effect. Anything sent to customers, anything that changes money or records, and anything legally sensitive usually needs a review step at first.

Design review to be quick: show the agent's draft beside its sources, let the reviewer edit in place, and record whether it was accepted as is.

The acceptance rate is your best signal. When drafts are accepted unchanged for weeks, you can consider sampling instead of reviewing everything.`,
    },
    'Quality monitoring': {
      minutes: 10,
      body: `Quality drifts: documents age, customers ask new things, providers update models. Monitoring catches the drift before customers do.

Sample a fixed number of real answers every week and score them with the same criteria as your test set. Track the score over time and alert the owner when it drops.

Combine the sample with direct signals: edits made by reviewers, complaints, and questions the agent said it could not answer.`,
      exercise: 'Define a weekly quality check for one agent: sample size, scoring criteria and the score that triggers action.',
    },
    'Policies your team can follow': {
      minutes: 9,
      body: `A policy nobody reads protects nobody. Write short, concrete rules in the language of the work: "Do not paste customer contracts into external tools", not "Ensure appropriate data handling".

Cover the essentials: approved tools, what data may be used, review requirements, and how to report a problem. Give examples of allowed and forbidden uses.

Review the policy twice a year with the people who follow it. Their questions show you where the rules are unclear.`,
    },
    'Cost control and credits': {
      minutes: 10,
      body: `AI cost grows with usage, and usage grows when agents are useful. Control comes from visibility and limits, not from discouraging use.

Give each team or agent a monthly credit budget, show spending as it happens, and alert before the budget runs out. Credits that do not roll over encourage steady, planned use.

Reduce waste at the source: shorter prompts, focused documents, cheaper models for routine steps, and caching of answers to repeated questions.`,
    },
    'Measuring return on investment': {
      minutes: 11,
      body: `Return on investment compares what AI costs with what it brings. Costs include credits, subscriptions, build time and maintenance; benefits include time saved, faster responses, more output and fewer errors.

Measure a baseline before the agent goes live: how long the task takes, how often, and at what quality. Measure the same after a month of use.

Report honestly, including agents that did not pay off. Stopping them frees budget for the ones that do.`,
      exercise: 'Estimate the monthly return of one agent: minutes saved per task, tasks per month, hourly cost, minus its credits and maintenance time.',
    },
    'Change management': {
      minutes: 10,
      body: `Most AI projects that fail do so for human reasons: people do not trust the tool, do not see the point, or fear for their role.

Involve the people affected from the start, show how the agent removes the tedious part of their work, and celebrate improvements they suggest. Train managers first, because teams follow what their managers use.

Measure adoption, listen to complaints, and adjust. Change sticks when people would miss the agent if it disappeared.`,
    },
  },
  'customer-service': {
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
  },
};

export type SeedLesson = LessonInput & { courseId: string };

/** Every lesson of the four courses, published, the first of each course a free preview. */
export const SEED_LESSONS: readonly SeedLesson[] = COURSES.flatMap((course) =>
  course.modules.flatMap((module, moduleIndex) =>
    module.lessons.map((title, index): SeedLesson => {
      const text = TEXTS[course.id]?.[title];
      if (!text) throw new Error(`No seed text for the lesson "${title}" of ${course.id}`);
      return {
        courseId: course.id,
        moduleIndex,
        title,
        body: text.body,
        videoUrl: null,
        estimatedMinutes: text.minutes,
        exercisePrompt: text.exercise ?? null,
        isPreview: moduleIndex === 0 && index === 0,
        isPublished: true,
      };
    }),
  ),
);

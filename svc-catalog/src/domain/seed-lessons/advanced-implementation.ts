import type { SeedText } from './seed-text';

/** The "advanced-implementation" course's lessons, keyed by the code-owned module titles. */
export const advancedImplementation: Record<string, SeedText> = {
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
};

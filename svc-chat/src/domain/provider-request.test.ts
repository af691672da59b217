import { agentBehaviour } from '@agentdock/contracts';
import { buildProviderMessages, imageSizeFor, samplingFor } from './provider-request';

const behaviour = (over: object = {}) => agentBehaviour.parse({ instructions: 'Answer as a pirate.', temperature: 0.3, stop: ['###'], ...over });
const agent = { key: 'meeting-prep', name: 'Meeting Prep', version: 2, behaviour: behaviour() };

describe('buildProviderMessages', () => {
  it("puts the agent's instructions first, then a caller's system text, the history and the message", () => {
    expect(buildProviderMessages(agent, { system: 'Reply in French.', history: [{ role: 'assistant', content: 'Earlier' }], message: 'Plan my week' })).toEqual([
      { role: 'system', content: 'Answer as a pirate.' },
      { role: 'system', content: 'Reply in French.' },
      { role: 'assistant', content: 'Earlier' },
      { role: 'user', content: 'Plan my week' },
    ]);
  });

  it('never sends the public description: an agent without instructions is only its name', () => {
    const messages = buildProviderMessages({ ...agent, behaviour: null }, { history: [], message: 'Hi' });
    expect(messages[0]).toEqual({ role: 'system', content: 'You are Meeting Prep.' });
    expect(buildProviderMessages({ ...agent, behaviour: behaviour({ instructions: '   ' }) }, { history: [], message: 'Hi' })[0]!.content).toBe('You are Meeting Prep.');
  });

  it('appends retrieved passages to the instructions, naming their sources', () => {
    const [first] = buildProviderMessages(agent, { history: [], message: 'Price?' }, [{ source: 'pricing.pdf', page: 3, text: 'Pro costs $99.' }]);
    expect(first!.content).toMatch(/^Answer as a pirate\.\n\n## Knowledge/);
    expect(first!.content).toContain('[pricing.pdf p. 3]\nPro costs $99.');
  });
});

describe('samplingFor and imageSizeFor', () => {
  it("uses the agent's settings unless the caller gives its own; stop sequences merge, at most four", () => {
    expect(samplingFor(behaviour({ model: 'gpt-4o' }), {})).toEqual({ temperature: 0.3, stop: ['###'], model: 'gpt-4o' });
    expect(samplingFor(behaviour(), { temperature: 1, stop: ['a', 'b', 'c', 'd'] })).toEqual({ temperature: 1, stop: ['###', 'a', 'b', 'c'] });
    expect(samplingFor(null, {})).toEqual({});
  });

  it('keeps an offered size and falls back to the first offered one', () => {
    const images = behaviour({ images: { enabled: true, model: null, sizes: ['1536x1024'] } });
    expect(imageSizeFor(images, '1024x1024')).toBe('1536x1024');
    expect(imageSizeFor(images, '1536x1024')).toBe('1536x1024');
    expect(imageSizeFor(behaviour(), '1024x1536')).toBe('1024x1536');
  });
});

import { emptyBehaviour, MAX_INSTRUCTIONS_LENGTH } from '@agentdock/contracts';
import { behaviourBody, behaviourValues } from './behaviour-values';

describe('builder form values', () => {
  const values = (over: object = {}) => ({ ...behaviourValues(emptyBehaviour()), ...over });

  it('round-trips a behaviour, lists one per line and blanks as the defaults', () => {
    const result = behaviourBody(values({ instructions: 'Be kind.', temperature: '0.4', maxReplyTokens: '', stop: 'END\n\n', starters: ' Plan my week \nDraft an email' }));
    expect(result).toEqual({
      ok: true,
      body: { ...emptyBehaviour(), instructions: 'Be kind.', temperature: 0.4, maxReplyTokens: null, stop: ['END'], starters: ['Plan my week', 'Draft an email'] },
    });
    if (result.ok) expect(behaviourValues(result.body).starters).toBe('Plan my week\nDraft an email');
  });

  it('names each field at fault as the server would', () => {
    const result = behaviourBody(values({ instructions: 'x'.repeat(MAX_INSTRUCTIONS_LENGTH + 1), temperature: 'warm', maxReplyTokens: '0', starters: 'a\nb\nc\nd\ne' }));
    expect(result).toEqual({
      ok: false,
      errors: { instructions: 'At most 20,000 characters', temperature: 'Enter a number', maxReplyTokens: 'At least 1', starters: 'At most 4 starters' },
    });
  });
});

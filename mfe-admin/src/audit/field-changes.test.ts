import { fieldChanges } from './field-changes';

const starter = {
  id: 'starter',
  name: 'Starter',
  currency: 'usd',
  monthly: { amountMinor: 5000, priceId: 'price_1' },
  annual: null,
  platformCreditsLimit: 100000,
  features: ['100,000 credits', 'Email support'],
  isActive: true,
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('fieldChanges', () => {
  it('names a nested price by what it is and formats it as money, leaving out provider ids and times', () => {
    const after = { ...starter, monthly: { amountMinor: 4500, priceId: 'price_2' }, updatedAt: '2026-11-02T00:00:00.000Z' };
    expect(fieldChanges(starter, after)).toEqual([{ path: 'monthly.amountMinor', label: 'monthly price', before: '$50', after: '$45', lines: null }]);
  });

  it('formats counts, switches and a price that appears', () => {
    const after = { ...starter, platformCreditsLimit: 120000, isActive: false, annual: { amountMinor: 48000, priceId: null } };
    expect(fieldChanges(starter, after).map(({ label, before, after: now }) => `${label}: ${before} → ${now}`)).toEqual([
      'annual price: none → $480',
      'monthly credits: 100,000 → 120,000',
      'active: yes → no',
    ]);
  });

  it('shows lists and long texts as a line diff', () => {
    const body = (line: string) => `# Lesson\n\nIntro paragraph.\n${line}\nClosing words.`;
    const [bullets] = fieldChanges(starter, { ...starter, features: ['100,000 credits', 'Priority support'] });
    expect(bullets).toMatchObject({ label: 'features', lines: '  … 1 unchanged line\n- Email support\n+ Priority support' });
    const [lesson] = fieldChanges({ bodyMarkdown: body('Old step.') }, { bodyMarkdown: body('New step.') });
    expect(lesson).toMatchObject({ label: 'lesson text', lines: '  … 3 unchanged lines\n- Old step.\n+ New step.\n  … 1 unchanged line' });
  });

  it("says a course's price, billing and instructor in words", () => {
    const course = {
      id: 'sales',
      title: 'Sales',
      priceMinor: 9_900,
      currency: 'usd',
      billing: 'one_time',
      estimatedDuration: '3 weeks',
      instructor: { name: 'Rita', role: 'Lead', image: '' },
    };
    const after = { ...course, priceMinor: 12_900, billing: 'monthly', estimatedDuration: '4 weeks', instructor: { ...course.instructor, name: 'Rita Ng' } };
    expect(fieldChanges(course, after).map(({ label, before, after: now }) => `${label}: ${before} → ${now}`)).toEqual([
      'price: $99 → $129',
      'billing: "one_time" → "monthly"',
      'duration: "3 weeks" → "4 weeks"',
      `instructor's name: "Rita" → "Rita Ng"`,
    ]);
  });

  it('is empty for a creation, a deletion or an update that changed nothing visible', () => {
    expect(fieldChanges(null, starter)).toEqual([]);
    expect(fieldChanges(starter, null)).toEqual([]);
    expect(fieldChanges(starter, { ...starter, updatedAt: 'later' })).toEqual([]);
  });

  it('splits an unknown camelCase field into words', () => {
    expect(fieldChanges({ welcomeMessage: 'Hi' }, { welcomeMessage: 'Hello' })).toEqual([
      { path: 'welcomeMessage', label: 'welcome message', before: '"Hi"', after: '"Hello"', lines: null },
    ]);
  });
});

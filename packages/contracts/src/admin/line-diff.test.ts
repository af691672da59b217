import { lineDiff } from './line-diff';

describe('lineDiff', () => {
  it('shows added and removed lines and counts the unchanged ones', () => {
    const before = 'You are a meeting assistant.\nAlways write an agenda.\nBe brief.';
    const after = 'You are a meeting assistant.\nAlways write an agenda with times.\nBe brief.';
    expect(lineDiff(before, after)).toBe(['  … 1 unchanged line', '- Always write an agenda.', '+ Always write an agenda with times.', '  … 1 unchanged line'].join('\n'));
  });

  it('shows a line added at the end as that line alone', () => {
    expect(lineDiff('One\nTwo', 'One\nTwo\nThree')).toBe('  … 2 unchanged lines\n+ Three');
  });

  it('is empty when nothing changed, and all additions from nothing', () => {
    expect(lineDiff('same', 'same')).toBe('');
    expect(lineDiff('', 'One\nTwo')).toBe('+ One\n+ Two');
  });
});

import { auditCsv, auditFileName } from './audit-csv';

describe('audit CSV', () => {
  it('quotes fields with commas, quotes or line breaks and leaves plain ones alone', () => {
    const csv = auditCsv([
      {
        at: '2026-11-20T10:00:00.000Z',
        actor: 'Anna Admin',
        sentence: 'Anna Admin changed Starter\'s name from "Starter" to "Starter, plus"',
        changes: ['name: a → b', 'features:\n+ x'],
      },
    ]);
    expect(csv).toBe(
      'Date,Admin,Action,Changes\r\n' +
        '2026-11-20T10:00:00.000Z,Anna Admin,"Anna Admin changed Starter\'s name from ""Starter"" to ""Starter, plus""","name: a → b\nfeatures:\n+ x"\r\n',
    );
  });

  it('is named for the date range', () => {
    expect(auditFileName({ from: '2026-11-01', to: '2026-11-28' })).toBe('audit-2026-11-01-to-2026-11-28.csv');
    expect(auditFileName({})).toBe('audit-all.csv');
  });
});

import { eslintCommand, lintSnippets, type Snippet } from './testing';

const header = `import type { StoredSubscription } from './subscription-machine';\nimport type { StoredSubscriptionRecord } from './stored-subscription';\ndeclare const row: { state: unknown };\nexport type Stored = StoredSubscription | StoredSubscriptionRecord;\nexport { row };\n`;
const snippet = (name: string, line: string): Snippet => ({ file: `svc-billing/src/domain/${name}.ts`, code: `${header}${line}\n` });

// Stored JSON cast to the type it should have: what readStoredSubscription replaces.
const casts: Snippet[] = [
  snippet('as', 'export const state = row.state as StoredSubscription;'),
  snippet('as-unknown-as', 'export const state = row.state as unknown as StoredSubscription;'),
  snippet('as-nullable', 'export const state = row.state as StoredSubscription | null;'),
  snippet('angle-bracket', 'export const state = <StoredSubscription>row.state;'),
  snippet('record', 'export const state = row.state as StoredSubscriptionRecord;'),
  snippet('part', "export const kind = (row.state as StoredSubscription['product']).kind;"),
  snippet('list', 'export const states = [row.state] as StoredSubscription[];'),
];

const uses: Snippet[] = [
  snippet(
    'parsed',
    "import { readStoredSubscription } from './stored-subscription';\nexport const state: StoredSubscription = readStoredSubscription({ id: 'sub_1', state: row.state });",
  ),
  snippet('annotated', 'export function status(state: StoredSubscription, record: StoredSubscriptionRecord): string {\n  return record.version === 1 ? state.status : "";\n}'),
  snippet('other-cast', 'export const text = row.state as string;'),
];

describe('refused syntax (no-restricted-syntax in the repository ESLint configuration)', () => {
  const results = lintSnippets([...casts, ...uses]);

  it.each(casts.map((cast) => [cast.file, cast.code.slice(header.length).split('\n')[0]]))('refuses %s: %s', (file) => {
    expect(results.get(file)).toEqual(['no-restricted-syntax']);
  });

  it.each(uses.map((use) => [use.file, use.code.slice(header.length).split('\n')[0]]))('accepts %s: %s', (file) => {
    expect(results.get(file)).toEqual([]);
  });

  it('makes the eslint command fail on a cast of stored state, saying what to do instead', () => {
    const run = eslintCommand({ file: 'svc-billing/src/domain/casting.ts', code: casts[0]!.code });
    expect(run.stdout).toContain('read it with readStoredSubscription(row)');
    expect(run.status).toBe(1);
  });
});

describe('transactions in service code', () => {
  const chat = (name: string, code: string): Snippet => ({
    file: `svc-chat/src/domain/${name}.ts`,
    code: `import { inTransaction, type Db } from '@agentdock/service-data';\ndeclare const db: Db;\ndeclare const context: { db: Db; transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> };\n${code}\nexport { context, db, inTransaction };\n`,
  });
  const refused = [chat('bare', 'export const a = db.transaction(async () => 1);'), chat('context-db', 'export const b = context.db.transaction(async () => 1);')];
  const allowed = [chat('context', 'export const c = context.transaction(async () => 1);'), chat('helper', 'export const d = inTransaction(db, async () => 1);')];
  const results = lintSnippets([...refused, ...allowed, { ...refused[0]!, file: 'svc-chat/test/bare.ts' }]);

  it.each(refused.map((snippet) => [snippet.file]))('refuses db.transaction in %s', (file) => {
    expect(results.get(file)).toEqual(['no-restricted-syntax']);
  });

  it.each(allowed.map((snippet) => [snippet.file]))('accepts %s', (file) => {
    expect(results.get(file)).toEqual([]);
  });

  it('leaves tests free to open transactions on a test database', () => {
    expect(results.get('svc-chat/test/bare.ts')).toEqual([]);
  });
});

describe('errors in service code', () => {
  const kit = (name: string, line: string): Snippet => ({
    file: `svc-billing/src/domain/${name}.ts`,
    code: `import { AppError } from '@agentdock/service-kit';
${line}
`,
  });
  const refused = [kit('numbered', "export const a = new AppError(422, 'price_not_found', 'Price configuration not found.');")];
  const allowed = [kit('coded', "export const b = new AppError('price_not_found');"), kit('coded-message', "export const c = new AppError('not_found', 'No plan with id 7.');")];
  const results = lintSnippets([...refused, ...allowed]);

  it('refuses an AppError given its status as a number', () => {
    expect(results.get(refused[0]!.file)).toEqual(['no-restricted-syntax']);
  });

  it.each(allowed.map((snippet) => [snippet.file]))('accepts %s', (file) => {
    expect(results.get(file)).toEqual([]);
  });

  it('says what to write instead', () => {
    expect(eslintCommand(refused[0]!).stdout).toContain("new AppError('code', message?)");
  });
});

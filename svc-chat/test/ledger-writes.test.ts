import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = fileURLToPath(new URL('../src', import.meta.url));
/** The wallet ledger's modules: `domain/ledger.ts` re-exports what `domain/ledger/` defines. */
const LEDGER = 'domain/ledger/';
const inLedger = (path: string) => relative(SOURCE, path).startsWith(LEDGER);

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * Places in `code` that change a balance or write a ledger row: a drizzle update or insert of the
 * wallet whose statement names a balance column, an insert into the ledger, or raw SQL doing either.
 */
function balanceWrites(code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/\.(update|insert)\(chatWallets\)[\s\S]*?;/g)) {
    if (/creditsRemaining|purchasedCredits/.test(match[0])) found.push(match[0].slice(0, 80));
  }
  for (const match of code.matchAll(/\.insert\(chatWalletLedger\)/g)) found.push(match[0]);
  for (const match of code.matchAll(/(update\s+"?chat_wallets"?[\s\S]{0,200}?(credits_remaining|purchased_credits)\s*=|insert\s+into\s+"?chat_wallet_ledger)/gi))
    found.push(match[0].slice(0, 80));
  return found;
}

describe('wallet balance writes', () => {
  it('finds the writes it looks for (so the check below can fail)', () => {
    expect(balanceWrites('await tx.update(chatWallets).set({ creditsRemaining: 0 }).where(x);')).toHaveLength(1);
    expect(balanceWrites('await tx.insert(chatWallets).values({ userId, purchasedCredits: 5 });')).toHaveLength(1);
    expect(balanceWrites('await tx.insert(chatWalletLedger).values({ userId });')).toHaveLength(1);
    expect(balanceWrites('await tx.execute(sql`update chat_wallets set credits_remaining = credits_remaining - 1`);')).toHaveLength(1);
    expect(balanceWrites('await tx.update(chatWallets).set({ lowBalanceNotifiedFor: start }).where(x);')).toEqual([]);
  });

  it('happen only in the wallet-ledger modules', () => {
    const offenders = sources(SOURCE)
      .filter((path) => !inLedger(path))
      .flatMap((path) => balanceWrites(readFileSync(path, 'utf8')).map((write) => `${relative(SOURCE, path)}: ${write}`));
    expect(offenders).toEqual([]);
    expect(sources(join(SOURCE, LEDGER)).flatMap((path) => balanceWrites(readFileSync(path, 'utf8'))).length).toBeGreaterThan(0);
  });
});

describe('errors on request paths', () => {
  // Start-up configuration may stop the process with a plain Error; nothing a request reaches may.
  const STARTUP = new Set(['providers/config.ts', 'index.ts', 'main.ts']);

  it('are typed: no bare Error is thrown where a request can reach it', () => {
    const bare = sources(SOURCE)
      .filter((path) => !STARTUP.has(relative(SOURCE, path)))
      .flatMap((path) => [...readFileSync(path, 'utf8').matchAll(/new Error\(/g)].map(() => relative(SOURCE, path)));
    expect(bare).toEqual([]);
  });
});

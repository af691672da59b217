// `npm run stats:verify -- <service>`: recomputes a service's admin-figure rollups from its raw rows
// and lists every difference (exit code 1 when there is one). It works on DATABASE_URL when set,
// else on the embedded default's data folder (stop Agentdock first: a data folder has one user).
import { join, resolve } from 'node:path';
import { openDatabase, type RollupDefinition, rollupDifferences } from '@agentdock/service-data';
import { billingRollups } from '@agentdock/svc-billing/schema';
import { catalogRollups } from '@agentdock/svc-catalog/schema';
import { chatRollups } from '@agentdock/svc-chat/schema';
import { identityRollups } from '@agentdock/svc-identity/schema';
import { repoRoot } from '../paths';

const SERVICES: Record<string, readonly RollupDefinition[]> = {
  chat: chatRollups,
  identity: identityRollups,
  catalog: catalogRollups,
  billing: billingRollups,
};

async function main(): Promise<number> {
  const name = (process.argv[2] ?? '').replace(/^svc-/, '');
  const rollups = SERVICES[name];
  if (!rollups) {
    console.error(`Usage: npm run stats:verify -- <${Object.keys(SERVICES).join('|')}> (DATABASE_URL, else AGENTDOCK_DATA_DIR or .data)`);
    return 2;
  }
  const folder = `svc-${name}`;
  const url = process.env.DATABASE_URL;
  const dataDir = join(process.env.AGENTDOCK_DATA_DIR ?? resolve(repoRoot, '.data'), folder);
  // Opening brings the schema up to date, as starting the service would (a first open backfills).
  const database = await openDatabase({ target: url ? { url } : { dataDir }, schema: {}, migrationsFolder: join(repoRoot, folder, 'migrations') });
  try {
    const differences = await rollupDifferences(database.db, rollups);
    const where = url ? 'DATABASE_URL' : dataDir;
    if (differences.length === 0) {
      console.log(`${folder}: ${rollups.map((rollup) => rollup.table).join(', ')} equal their recomputation from the raw rows (${where}).`);
      return 0;
    }
    console.log(`${folder}: ${differences.length} difference(s) between the rollups and the raw rows (${where}):`);
    for (const difference of differences) {
      console.log(`  ${difference.table} ${JSON.stringify(difference.key)}: stored ${JSON.stringify(difference.stored)}, recomputed ${JSON.stringify(difference.recomputed)}`);
    }
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();

// `npm run make-admin -w svc-identity -- <email>`: makes an existing account an admin, on the
// database the service would use (DATABASE_URL or DATA_DIR; by default the embedded one of `npm start`).
import { fileURLToPath } from 'node:url';
import { email as emailSchema } from '@agentdock/contracts';
import { loadConfigOrExit } from '@agentdock/service-kit';
import { openDatabase } from '@agentdock/service-data';
import { z } from 'zod';
import { schema } from '../db/schema';
import { grantAdmin } from '../domain/users';

const env = loadConfigOrExit(
  z.object({
    DATABASE_URL: z.url().optional(),
    DATA_DIR: z
      .string()
      .min(1)
      .default(fileURLToPath(new URL('../../../.data/svc-identity', import.meta.url))),
  }),
  process.env,
  'make-admin',
);

const address = emailSchema.safeParse(process.argv[2] ?? '');
if (!address.success) {
  process.stderr.write('Usage: npm run make-admin -w svc-identity -- <email of an existing account>\n');
  process.exit(1);
}

const database = await openDatabase({
  target: env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
  schema,
  migrationsFolder: fileURLToPath(new URL('../../migrations', import.meta.url)),
}).catch((error: unknown) => {
  // Most often the embedded database is open in `npm start`; the message says so.
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
try {
  if (await grantAdmin(database.db, address.data)) {
    process.stdout.write(`${address.data} is now an admin. They get the Admin link from their next sign-in or session refresh.\n`);
  } else {
    process.stderr.write(`No account uses ${address.data}. Sign up with it first, then run this again.\n`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}

// `npx tsx bench/src/knowledge-only.ts`: only the knowledge figures of `npm run bench`.
import { benchKnowledge } from './knowledge';

benchKnowledge().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

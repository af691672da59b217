// `npx tsx bench/src/chat-only.ts`: only the chat figures of `npm run bench`.
import { benchChat } from './chat';

benchChat().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

-- The conversations (0004) took over the per-agent sessions and their order counters.
DROP TABLE "chat_sessions" CASCADE;
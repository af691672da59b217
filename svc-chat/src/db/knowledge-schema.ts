import { sql } from '@agentdock/service-data/orm';
import { check, customType, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from '@agentdock/service-data/pg-core';

const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** An agent's knowledge file: what was uploaded (the text lives in its passages). A name is unique per agent, so an upload of the same name replaces it. */
export const chatKnowledgeFiles = pgTable(
  'chat_knowledge_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agentId: uuid('agent_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    pages: integer('pages').notNull(),
    passages: integer('passages').notNull(),
    tokens: integer('tokens').notNull(),
    uploadedBy: uuid('uploaded_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('chat_knowledge_files_agent_name_idx').on(table.agentId, table.name),
    check('chat_knowledge_files_kind_check', sql`${table.kind} in ('markdown', 'text', 'pdf', 'html')`),
  ],
);

/**
 * A passage of a knowledge file with its full-text vector (PostgreSQL's own `english`
 * configuration, computed by the database so the index and the text cannot drift apart). Deleting
 * the file deletes its passages in the same statement.
 */
export const chatKnowledgePassages = pgTable(
  'chat_knowledge_passages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => chatKnowledgeFiles.id, { onDelete: 'cascade' }),
    agentId: uuid('agent_id').notNull(),
    ordinal: integer('ordinal').notNull(),
    /** The PDF page; null for files without pages. */
    page: integer('page'),
    content: text('content').notNull(),
    tokens: integer('tokens').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english'::regconfig, content)`),
  },
  (table) => [
    index('chat_knowledge_passages_search_idx').using('gin', table.search),
    index('chat_knowledge_passages_agent_idx').on(table.agentId),
    index('chat_knowledge_passages_file_idx').on(table.fileId, table.ordinal),
  ],
);

/** Per agent: how many tokens of passages a send may give the model (absent: the default). */
export const chatKnowledgeSettings = pgTable(
  'chat_knowledge_settings',
  {
    agentId: uuid('agent_id').primaryKey(),
    tokenBudget: integer('token_budget').notNull(),
  },
  (table) => [check('chat_knowledge_settings_budget_check', sql`${table.tokenBudget} >= 0`)],
);

export const knowledgeSchema = { chatKnowledgeFiles, chatKnowledgePassages, chatKnowledgeSettings };

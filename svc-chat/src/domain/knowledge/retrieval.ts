import type { Db } from '@agentdock/service-data';
import { namedStatement } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import type { ChatSchema } from '../../db/schema';

/** A passage found for a message, with the file it is from. */
export interface RetrievedPassage {
  id: string;
  fileName: string;
  /** The PDF page; null for a file without pages. */
  page: number | null;
  text: string;
  tokens: number;
}

export interface RetrievalQuery {
  agentId: string;
  text: string;
  /** The most candidates wanted, best first. */
  limit: number;
}

/**
 * One way of finding an agent's passages for a text, best first. Full-text search is the one there
 * is; an embedding index would be another, its ranking merged with this one's by `retrievePassages`.
 */
export interface PassageRetriever {
  readonly name: string;
  candidates(db: Db<ChatSchema>, query: RetrievalQuery): Promise<RetrievedPassage[]>;
}

/** Words that cannot be searched for, and websearch syntax's own operator words. */
const OPERATOR_WORDS = new Set(['or', 'and', 'not']);
/** A message of 8,000 characters is not 1,500 search terms: its first distinct words say what it is about. */
const MAX_TERMS = 40;

/**
 * The message as a `websearch_to_tsquery` text that matches a passage with ANY of its words (a
 * question rarely shares every word with its answer); `ts_rank_cd` then ranks passages with more
 * of them, closer together, first. Only letters and digits are kept, so a customer's text cannot
 * use the search syntax (quotes, a leading minus).
 */
export function searchText(message: string): string {
  const words = message.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => !OPERATOR_WORDS.has(word)))].slice(0, MAX_TERMS).join(' or ');
}

const fullTextSearch = namedStatement(
  'chat_knowledge_search',
  sql`select passage.id, file.name as file_name, passage.page, passage.content, passage.tokens
  from websearch_to_tsquery('english', ${sql.placeholder('query')}) as query,
    chat_knowledge_passages as passage
    join chat_knowledge_files as file on file.id = passage.file_id
  where passage.agent_id = ${sql.placeholder('agentId')}::uuid and passage.search @@ query
  order by ts_rank_cd(passage.search, query) desc, passage.file_id, passage.ordinal
  limit ${sql.placeholder('limit')}::int`,
);

/** PostgreSQL's own full-text search (`tsvector`, GIN index, `websearch_to_tsquery`, `ts_rank_cd`): the same on PGlite and PostgreSQL 15. */
export const fullTextRetriever: PassageRetriever = {
  name: 'full-text',
  async candidates(db, query) {
    const text = searchText(query.text);
    if (!text) return [];
    const rows = await fullTextSearch.run(db, { query: text, agentId: query.agentId, limit: query.limit });
    return rows.map((row) => ({
      id: String(row.id),
      fileName: String(row.file_name),
      page: row.page === null ? null : Number(row.page),
      text: String(row.content),
      tokens: Number(row.tokens),
    }));
  },
};

const settingsOf = namedStatement('chat_knowledge_budget', sql`select token_budget from chat_knowledge_settings where agent_id = ${sql.placeholder('agentId')}::uuid`);

/** Candidates asked of each retriever: more than a budget's worth, so a long one that does not fit leaves room for the next. */
const CANDIDATES = 24;
/** Reciprocal-rank fusion's constant (the usual 60): a passage two retrievers both rank high wins. */
const FUSION_K = 60;

/**
 * The best passages for a message within the agent's token budget: each retriever's ranking merged
 * (reciprocal rank fusion), then taken best first while they fit. An agent that never had
 * knowledge costs one key lookup.
 */
export async function retrievePassages(
  db: Db<ChatSchema>,
  input: { agentId: string; text: string },
  retrievers: readonly PassageRetriever[] = [fullTextRetriever],
): Promise<RetrievedPassage[]> {
  const [settings] = await settingsOf.run(db, { agentId: input.agentId });
  const budget = settings ? Number(settings.token_budget) : 0;
  if (budget <= 0) return [];
  const rankings = await Promise.all(retrievers.map((retriever) => retriever.candidates(db, { ...input, limit: CANDIDATES })));
  const scores = new Map<string, { passage: RetrievedPassage; score: number }>();
  for (const ranking of rankings) {
    ranking.forEach((passage, rank) => {
      const entry = scores.get(passage.id) ?? { passage, score: 0 };
      entry.score += 1 / (FUSION_K + rank + 1);
      scores.set(passage.id, entry);
    });
  }
  const chosen: RetrievedPassage[] = [];
  let left = budget;
  for (const { passage } of [...scores.values()].sort((a, b) => b.score - a.score)) {
    if (passage.tokens > left) continue;
    chosen.push(passage);
    left -= passage.tokens;
  }
  return chosen;
}

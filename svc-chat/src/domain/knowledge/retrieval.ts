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

type Row = Record<string, unknown>;

/** Words that cannot be searched for, and websearch syntax's own operator words. */
const OPERATOR_WORDS = new Set(['or', 'and', 'not']);
/** A message of 8,000 characters is not 1,500 search terms: its first distinct words say what it is about. */
const MAX_TERMS = 40;

/** The message's distinct words (letters and digits only, so a customer's text cannot use the search syntax: quotes, a leading minus). */
function searchWords(message: string): string[] {
  const words = message.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => !OPERATOR_WORDS.has(word)))].slice(0, MAX_TERMS);
}

/**
 * The message as `websearch_to_tsquery` texts: every word (a passage that has them all), and any
 * word (a question rarely shares every word with its answer). PostgreSQL's `english`
 * configuration drops the stop words of either.
 */
export function searchText(message: string): { all: string; any: string } {
  const words = searchWords(message);
  return { all: words.join(' '), any: words.join(' or ') };
}

/**
 * One search stage. Not a prepared statement: a generic plan, made without the words, cannot know
 * how many passages they match, and ranked every passage of the agent once it took over.
 */
const search =
  (candidates: number) =>
  async (db: Db<ChatSchema>, values: { query: string; agentId: string; limit: number }): Promise<Row[]> => {
    const result = await db.execute(
      sql`select candidate.id, file.name as file_name, candidate.page, candidate.content, candidate.tokens
    from (
      select passage.id, passage.file_id, passage.ordinal, passage.page, passage.content, passage.tokens, ts_rank_cd(passage.search, query) as rank
      from websearch_to_tsquery('english', ${values.query}) as query,
        (select * from chat_knowledge_passages
          where agent_id = ${values.agentId}::uuid and search @@ websearch_to_tsquery('english', ${values.query})
          limit ${candidates}) as passage
    ) as candidate
    join chat_knowledge_files as file on file.id = candidate.file_id
    order by candidate.rank desc, candidate.file_id, candidate.ordinal
    limit ${values.limit}::int`,
    );
    return (result as unknown as { rows: Row[] }).rows;
  };

// Ranking is the cost of a search (`ts_rank_cd` reads each match's vector), so each stage ranks a
// bounded number of matches: all the words first, and only where too few passages have them all,
// any of them. Words common to most passages would otherwise have every passage ranked on every send.
const ALL_WORDS_CANDIDATES = 400;
const ANY_WORD_CANDIDATES = 300;
const allWordsSearch = search(ALL_WORDS_CANDIDATES);
const anyWordSearch = search(ANY_WORD_CANDIDATES);
/** Passages with every word answer best: with one, the search looks no further. */
const ENOUGH_WITH_ALL_WORDS = 1;

const toPassage = (row: Row): RetrievedPassage => ({
  id: String(row.id),
  fileName: String(row.file_name),
  page: row.page === null ? null : Number(row.page),
  text: String(row.content),
  tokens: Number(row.tokens),
});

/** PostgreSQL's own full-text search (`tsvector`, GIN index, `websearch_to_tsquery`, `ts_rank_cd`): the same on PGlite and PostgreSQL 15. */
export const fullTextRetriever: PassageRetriever = {
  name: 'full-text',
  async candidates(db, query) {
    const text = searchText(query.text);
    if (!text.all) return [];
    const found = (await allWordsSearch(db, { query: text.all, agentId: query.agentId, limit: query.limit })).map(toPassage);
    if (found.length >= ENOUGH_WITH_ALL_WORDS || !text.any.includes(' or ')) return found;
    const seen = new Set(found.map((passage) => passage.id));
    const more = (await anyWordSearch(db, { query: text.any, agentId: query.agentId, limit: query.limit })).map(toPassage);
    return [...found, ...more.filter((passage) => !seen.has(passage.id))].slice(0, query.limit);
  },
};

const settingsOf = namedStatement('chat_knowledge_budget', sql`select token_budget from chat_knowledge_settings where agent_id = ${sql.placeholder('agentId')}::uuid`);

async function knowledgeBudget(db: Db<ChatSchema>, agentId: string): Promise<number> {
  const [settings] = await settingsOf.run(db, { agentId });
  return settings ? Number(settings.token_budget) : 0;
}

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
  input: { agentId: string; text: string; /** The agent's budget when the caller read it with the agent. */ budget?: number },
  retrievers: readonly PassageRetriever[] = [fullTextRetriever],
): Promise<RetrievedPassage[]> {
  const budget = input.budget ?? (await knowledgeBudget(db, input.agentId));
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

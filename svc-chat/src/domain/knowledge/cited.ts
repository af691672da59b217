import type { KnowledgePassage } from '@agentdock/contracts';
import { type Db, namedStatement } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import type { ChatSchema } from '../../db/schema';
import { PassageNotFoundError } from './errors';

// Only through a reply of the asker's own: a passage id alone opens nothing.
const citedToUser = namedStatement(
  'chat_knowledge_cited_passage',
  sql`select passage.id, file.name as file_name, passage.page, passage.content
  from chat_knowledge_passages as passage
    join chat_knowledge_files as file on file.id = passage.file_id
  where passage.id = ${sql.placeholder('passageId')}::uuid
    and exists (
      select 1 from chat_messages as reply
      where reply.user_id = ${sql.placeholder('userId')}::uuid and reply.role = 'assistant'
        and reply.sources @> jsonb_build_array(jsonb_build_object('passageId', ${sql.placeholder('passageId')}::text))
    )`,
);

/** A passage a reply to this user cited; 404 for any other, and for one whose file was since replaced or deleted. */
export async function citedPassage(db: Db<ChatSchema>, userId: string, passageId: string): Promise<KnowledgePassage> {
  const [row] = await citedToUser.run(db, { passageId, userId });
  if (!row) throw new PassageNotFoundError();
  return { id: String(row.id), fileName: String(row.file_name), page: row.page === null ? null : Number(row.page), text: String(row.content) };
}

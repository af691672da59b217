import { namedStatement } from '@agentdock/service-data';
import { sql } from '@agentdock/service-data/orm';
import { settlementRecording } from './ledger';

// A `/v1` request's metadata (no content): one row per request, written with its settlement or its release.

const value = (name: string) => sql.placeholder(name);

// In the settlement's (or the release's) transaction: a capped key's, or a failed request's.
export const recordRequest = namedStatement(
  'chat_api_request_record',
  sql`insert into chat_api_requests (id, key_id, user_id, agent_id, kind, request_id, prompt_tokens, completion_tokens, credits, latency_ms, status, agent_version)
  values (${value('id')}::uuid, ${value('keyId')}::uuid, ${value('userId')}::uuid, ${value('agentId')}, ${value('kind')}, ${value('requestId')},
    ${value('promptTokens')}::int, ${value('completionTokens')}::int, ${value('credits')}::bigint, ${value('latencyMs')}::int, ${value('status')}::int, ${value('agentVersion')}::int)`,
);

// The same row, in the settlement's one statement (`settlementRecording`), for a key without a monthly cap.
export const apiSettlement = settlementRecording(
  'chat_api_settlement',
  sql`request_row as (
    insert into chat_api_requests (id, key_id, user_id, agent_id, kind, request_id, prompt_tokens, completion_tokens, credits, latency_ms, status, agent_version)
    select ${value('id')}::uuid, ${value('keyId')}::uuid, ${value('userId')}::uuid, ${value('agentId')}, ${value('kind')}, ${value('requestId')},
      ${value('promptTokens')}::int, ${value('completionTokens')}::int, ${value('credits')}::bigint, ${value('latencyMs')}::int, ${value('status')}::int, ${value('agentVersion')}::int
    from changed
  )`,
);

import * as z from 'zod/mini';
import { CHAT_BASE } from '../http/bases';
import { defineEndpoint } from '../http/endpoint';

/** The largest knowledge file an agent may have: 20 MB. */
export const KNOWLEDGE_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** The most knowledge files one agent may have. */
export const KNOWLEDGE_FILES_PER_AGENT = 200;
/**
 * How many tokens of passages a send gives the model when the operator has not said otherwise:
 * about three passages. They are charged as input (60,000 credits at most), so a larger budget is
 * the operator's choice.
 */
export const DEFAULT_KNOWLEDGE_TOKEN_BUDGET = 600;
/**
 * A free-tier agent's budget: one passage (about 200 tokens). The free plan's 50,000 credits pay
 * for 500 tokens a month, so 600 tokens of passages would refuse a free customer's first message;
 * 200 leave room for the message and a reply.
 */
export const FREE_TIER_KNOWLEDGE_TOKEN_BUDGET = 200;
/** The budget an agent's knowledge starts with, by the tier the agent is sold on. */
export function defaultKnowledgeTokenBudget(tier: string): number {
  return tier === 'free' ? FREE_TIER_KNOWLEDGE_TOKEN_BUDGET : DEFAULT_KNOWLEDGE_TOKEN_BUDGET;
}
export const MAX_KNOWLEDGE_TOKEN_BUDGET = 8_000;
/** File endings an upload may have, and what each is read as. */
export const KNOWLEDGE_FILE_KINDS = { md: 'markdown', markdown: 'markdown', txt: 'text', text: 'text', pdf: 'pdf', html: 'html', htm: 'html' } as const;
export type KnowledgeFileKind = (typeof KNOWLEDGE_FILE_KINDS)[keyof typeof KNOWLEDGE_FILE_KINDS];
/** What the console's file picker offers. */
export const KNOWLEDGE_FILE_ACCEPT = Object.keys(KNOWLEDGE_FILE_KINDS)
  .map((ending) => `.${ending}`)
  .join(',');

/** A file name as uploaded: a name of its own, no folders. */
export const knowledgeFileName = z.string().check(
  z.trim(),
  z.minLength(1, 'Name the file'),
  z.maxLength(200, 'A file name has at most 200 characters'),
  // eslint-disable-next-line no-control-regex
  z.refine((name) => !/[/\\\u0000-\u001f\u007f]/.test(name), 'A file name may not contain slashes or control characters'),
);

/** One of an agent's knowledge files (admin console). */
export const knowledgeFile = z.object({
  id: z.string().check(z.uuid()),
  agentId: z.string().check(z.uuid()),
  name: z.string(),
  kind: z.enum(['markdown', 'text', 'pdf', 'html']),
  sizeBytes: z.number().check(z.int(), z.nonnegative()),
  /** A PDF's pages; 1 for other files. */
  pages: z.number().check(z.int(), z.nonnegative()),
  passages: z.number().check(z.int(), z.nonnegative()),
  tokens: z.number().check(z.int(), z.nonnegative()),
  updatedAt: z.string().check(z.iso.datetime()),
});
export type KnowledgeFile = z.infer<typeof knowledgeFile>;
export const knowledgeSettings = z.object({
  /** The most passage tokens a send gives the model (they are charged as input). */
  tokenBudget: z.number().check(z.int('A whole number of tokens'), z.gte(0, 'At least 0'), z.lte(MAX_KNOWLEDGE_TOKEN_BUDGET, `At most ${MAX_KNOWLEDGE_TOKEN_BUDGET}`)),
});
export type KnowledgeSettings = z.infer<typeof knowledgeSettings>;
export const knowledgeFilesResponse = z.object({ files: z.array(knowledgeFile), settings: knowledgeSettings });
export const knowledgeFileResponse = z.object({ file: knowledgeFile });

/** A file a reply drew on, and the passage it quoted ("Sources: pricing.pdf p. 3"). */
export const messageSource = z.object({
  passageId: z.string().check(z.uuid()),
  fileName: z.string(),
  /** The PDF page the passage is on; null for other files. */
  page: z.nullable(z.number().check(z.int(), z.positive())),
});
export type MessageSource = z.infer<typeof messageSource>;

/** "pricing.pdf p. 3", or the bare name for a file without pages. */
export function sourceLabel(source: Pick<MessageSource, 'fileName' | 'page'>): string {
  return source.page === null ? source.fileName : `${source.fileName} p. ${source.page}`;
}

/** A passage a reply cited, opened by the customer it was cited to. */
export const knowledgePassage = z.object({
  id: z.string().check(z.uuid()),
  fileName: z.string(),
  page: z.nullable(z.number().check(z.int(), z.positive())),
  text: z.string(),
});
export type KnowledgePassage = z.infer<typeof knowledgePassage>;
export const knowledgePassageResponse = z.object({ passage: knowledgePassage });

/** A customer opens a passage that a reply in one of their own conversations cited. */
export const CHAT_KNOWLEDGE_ENDPOINTS = {
  passage: defineEndpoint('GET', CHAT_BASE, '/passages/:passageId', { response: knowledgePassageResponse }),
} as const;

const KNOWLEDGE_ADMIN_BASE = `${CHAT_BASE}/admin`;

/** An upload's body: the file itself (sent as its bytes, never as JSON). */
export const knowledgeUploadBody = z.unknown().check(z.refine((value) => typeof Blob !== 'undefined' && value instanceof Blob, 'Send the file itself'));

/**
 * The console's knowledge endpoints (admins only). An upload is the file's bytes as the body
 * (any Content-Type), named in the path: a file of the same name is replaced.
 */
export const KNOWLEDGE_ADMIN_ENDPOINTS = {
  files: defineEndpoint('GET', KNOWLEDGE_ADMIN_BASE, '/agents/:agentId/knowledge', { response: knowledgeFilesResponse }),
  upload: defineEndpoint('PUT', KNOWLEDGE_ADMIN_BASE, '/agents/:agentId/knowledge/files/:fileName', { request: knowledgeUploadBody, response: knowledgeFileResponse }),
  remove: defineEndpoint('DELETE', KNOWLEDGE_ADMIN_BASE, '/agents/:agentId/knowledge/files/:fileId', { response: undefined }),
  settings: defineEndpoint('PUT', KNOWLEDGE_ADMIN_BASE, '/agents/:agentId/knowledge/settings', { request: knowledgeSettings, response: knowledgeSettings }),
} as const;

const KNOWLEDGE_UPLOAD_PATH = /^\/api\/chat\/admin\/agents\/[^/?#]+\/knowledge\/files\/[^/?#]+(?:[?#]|$)/;

/**
 * A knowledge upload: its size is svc-chat's to judge (up to 20 MB, refused by the file's name),
 * not the gateway's general body limit.
 */
export function isKnowledgeUpload(method: string | undefined, url: string | undefined): boolean {
  return method === KNOWLEDGE_ADMIN_ENDPOINTS.upload.method && KNOWLEDGE_UPLOAD_PATH.test(url ?? '');
}

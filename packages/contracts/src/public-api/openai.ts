import { z } from 'zod';
import { defineEndpoint } from '../http/endpoint';
import { IMAGE_SIZES } from '../chat/message';
import { type ErrorCode, errorStatus, errorText } from '../http/error-catalogue';

/**
 * The OpenAI-compatible public API under `/v1`, as svc-chat accepts it: the subset of OpenAI's
 * chat-completions and image-generation requests that the official SDKs send. Unknown fields
 * (`n`, `seed`, `tools`, …) are accepted and ignored, as OpenAI-compatible servers do, so clients
 * that always send them keep working. Answers use OpenAI's own object shapes (see the `openai`
 * package's `ChatCompletion`, `ChatCompletionChunk`, `ImagesResponse`, `Model`).
 */

/** Where the gateway routes the public API: `baseURL: https://host/v1` works unchanged. */
export const PUBLIC_API_BASE = '/v1';

const textPart = z.object({ type: z.literal('text'), text: z.string() });
/** Non-text parts (images, audio) are not understood by the agents: refused with `param` set. */
const contentPart = z.object({ type: z.string() }).passthrough();

const messageContent = z
  .union([z.string(), z.array(contentPart).max(100)])
  .nullable()
  .optional();

export const openAiChatMessage = z
  .object({
    role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
    content: messageContent,
    name: z.string().max(64).optional(),
  })
  .passthrough();
export type OpenAiChatMessage = z.infer<typeof openAiChatMessage>;

export const openAiChatCompletionRequest = z
  .object({
    model: z.string().min(1).max(100),
    messages: z.array(openAiChatMessage).min(1).max(500),
    stream: z.boolean().nullable().optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).passthrough().nullable().optional(),
    max_tokens: z.number().int().positive().max(1_000_000).nullable().optional(),
    max_completion_tokens: z.number().int().positive().max(1_000_000).nullable().optional(),
    temperature: z.number().min(0).max(2).nullable().optional(),
    stop: z
      .union([z.string(), z.array(z.string()).max(4)])
      .nullable()
      .optional(),
    user: z.string().max(256).optional(),
  })
  .passthrough();
export type OpenAiChatCompletionRequest = z.infer<typeof openAiChatCompletionRequest>;

export const openAiImageRequest = z
  .object({
    model: z.string().min(1).max(100),
    prompt: z.string().min(1).max(4_000),
    n: z.number().int().min(1).max(1).nullable().optional(),
    /** One of IMAGE_SIZES (absent or null: square); anything else is a 400 naming `size`. */
    size: z
      .enum(IMAGE_SIZES, { error: `Must be one of ${IMAGE_SIZES.map((size) => `'${size}'`).join(', ')}.` })
      .nullable()
      .optional(),
    response_format: z.enum(['url']).nullable().optional(),
    user: z.string().max(256).optional(),
  })
  .passthrough();
export type OpenAiImageRequest = z.infer<typeof openAiImageRequest>;

/** The text of a message's content: a string, or its text parts joined; null when it holds a part no agent reads. */
export function messageText(content: OpenAiChatMessage['content']): string | null {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  const texts: string[] = [];
  for (const part of content) {
    const text = textPart.safeParse(part);
    if (!text.success) return null;
    texts.push(text.data.text);
  }
  return texts.join('\n');
}

/** OpenAI's error object: `{ error: { message, type, code, param } }`. */
export interface OpenAiErrorBody {
  error: { message: string; type: string; code: string | null; param: string | null };
}

/** The error codes the public API answers with, each with OpenAI's error type (status and text: ERROR_CATALOGUE). */
export const PUBLIC_API_ERRORS = {
  invalid_api_key: { type: 'invalid_request_error' },
  account_suspended: { type: 'invalid_request_error' },
  model_not_found: { type: 'invalid_request_error' },
  not_found: { type: 'invalid_request_error' },
  invalid_request: { type: 'invalid_request_error' },
  insufficient_quota: { type: 'insufficient_quota' },
  key_credit_cap_reached: { type: 'insufficient_quota' },
  member_credit_cap_reached: { type: 'insufficient_quota' },
  team_pool_empty: { type: 'insufficient_quota' },
  api_calls_exhausted: { type: 'insufficient_quota' },
  rate_limit_exceeded: { type: 'requests' },
  concurrent_streams_exceeded: { type: 'requests' },
  request_too_large: { type: 'invalid_request_error' },
  agent_unavailable: { type: 'api_error' },
  upstream_timeout: { type: 'api_error' },
  server_error: { type: 'api_error' },
  service_unavailable: { type: 'api_error' },
} as const satisfies { [Code in ErrorCode]?: { type: string } };
export type PublicApiErrorCode = keyof typeof PUBLIC_API_ERRORS;

export function openAiError(code: PublicApiErrorCode, message: string = errorText(code), param: string | null = null): { status: number; body: OpenAiErrorBody } {
  return { status: errorStatus(code), body: { error: { message, type: PUBLIC_API_ERRORS[code].type, code, param } } };
}

/**
 * The `/v1` endpoints svc-chat serves (authenticated with an API key, not a session token). The
 * answers are OpenAI's objects, checked in tests with the official SDK rather than a schema here.
 */
export const PUBLIC_API_ENDPOINTS = {
  /** The agents the key may use (the owner's tier ∩ the key's allowed agents), as OpenAI models. */
  models: defineEndpoint('GET', PUBLIC_API_BASE, '/models', { response: undefined }),
  /** One of them; 404 model_not_found otherwise. */
  model: defineEndpoint('GET', PUBLIC_API_BASE, '/models/:model', { response: undefined }),
  /** `chat.completion`, or with `stream: true` a text/event-stream of `chat.completion.chunk`s ending in `[DONE]`. */
  chatCompletions: defineEndpoint('POST', PUBLIC_API_BASE, '/chat/completions', { request: openAiChatCompletionRequest, response: undefined }),
  /** For image agents: `{ created, data: [{ url }] }`. */
  imageGenerations: defineEndpoint('POST', PUBLIC_API_BASE, '/images/generations', { request: openAiImageRequest, response: undefined }),
} as const;

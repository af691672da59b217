import { API_KEY_PREFIX, estimateTokens, openAiChatCompletionRequest, openAiError, openAiImageRequest, PUBLIC_API_BASE, PUBLIC_API_ENDPOINTS } from '@agentdock/contracts';
import { AppError, getRequestId, type Logger } from '@agentdock/service-kit';
import { type ErrorRequestHandler, type Request, type RequestHandler, type Response, Router } from 'express';
import { z } from 'zod';
import { producesImages, unofferedImageSize } from '../domain/agents';
import type { ApiCallerSnapshots } from '../domain/api-caller-snapshots';
import type { ApiKeyCache } from '../domain/api-key-cache';
import type { ApiLimits } from '../domain/api-limits';
import { type ApiCaller, authenticateApiKey, invalidApiKey } from '../domain/api-keys';
import { ApiCallLimitError, InsufficientCreditsError, KeyCreditCapError, MemberCreditCapError, PublicApiError, StaleApiCallerError } from '../domain/errors';
import { modelFor, modelsFor, type PublicApiDeps, readConversation, reserveApiReply, runApiReply, toOpenAiModel } from '../domain/public-api';
import { stopWhenCallerLeaves } from '../stop';

/**
 * The OpenAI-compatible API at `/v1`, for the official SDKs and anything else that speaks it:
 * authenticated with the owner's API key (`Authorization: Bearer adk_…`), metered through the
 * wallet like the web chat, answered in OpenAI's shapes, errors included.
 */
export function publicApiRouter(deps: PublicApiDeps & { limits: ApiLimits; keys: ApiKeyCache; snapshots: ApiCallerSnapshots }): Router {
  const { context, limits } = deps;
  const keyCheck = { db: context.db, keys: deps.keys, suspended: context.suspended, snapshots: deps.snapshots };
  const router = Router();

  /**
   * The key's owner, checked on every request (the key from memory, forgotten when its revocation
   * is consumed; a reservation checks it again under a lock), then the key's per-minute limit.
   * `modelOf`: the agent a request names in its body, read with the wallet (`modelFor` uses it).
   */
  const authenticating =
    (modelOf?: (req: Request) => string | undefined): RequestHandler =>
    async (req, res, next) => {
      const header = req.get('authorization') ?? '';
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!match) {
        throw invalidApiKey(
          "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY). You can create one in your account's API keys section.",
        );
      }
      const secret = match[1]!;
      if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) throw invalidApiKey();
      const model = modelOf?.(req);
      const caller = await authenticateApiKey(keyCheck, secret, model === undefined ? {} : { model });
      const freshCaller = () => authenticateApiKey(keyCheck, secret, { ...(model !== undefined && { model }), fresh: true });
      res.locals.caller = caller;
      res.locals.freshCaller = freshCaller;
      try {
        res.set(await limits.consume(caller.key.id, caller.tier));
      } catch (error) {
        // Refused on a snapshot's plan: the owner may have moved up since, and the new plan's limit applies at once.
        if (!caller.fromSnapshot) throw error;
        const current = await freshCaller();
        if (current.tier === caller.tier) throw error;
        res.locals.caller = current;
        res.set(await limits.consume(current.key.id, current.tier));
      }
      next();
    };
  const authenticate = authenticating();
  // The body's model as sent, when it can be one (the body is checked after the rate limit, as before).
  const authenticateWithModel = authenticating((req) => {
    const model: unknown = (req.body as { model?: unknown } | undefined)?.model;
    return typeof model === 'string' && model.length > 0 && model.length <= 100 ? model : undefined;
  });
  const callerOf = (res: Response) => res.locals.caller as ApiCaller;
  /**
   * A metered request's handler, run once more on a fresh read of its caller when it ran on this
   * replica's snapshot and found it no longer held (`StaleApiCallerError`, thrown before anything
   * is reserved, written or sent).
   */
  const againOnFreshRead =
    (handler: (req: Request, res: Response) => Promise<unknown>): RequestHandler =>
    async (req, res) => {
      try {
        await handler(req, res);
      } catch (error) {
        if (!(error instanceof StaleApiCallerError)) throw error;
        res.locals.caller = await (res.locals.freshCaller as () => Promise<ApiCaller>)();
        await handler(req, res);
      }
    };

  router.get(PUBLIC_API_ENDPOINTS.models.route, authenticate, async (_req, res) => {
    const agents = await modelsFor(deps, callerOf(res));
    res.json({ object: 'list', data: agents.map(toOpenAiModel) });
  });

  router.get(PUBLIC_API_ENDPOINTS.model.route, authenticate, async (req, res) => {
    const { model } = z.object({ model: z.string().min(1).max(100) }).parse(req.params);
    res.json(toOpenAiModel(await modelFor(deps, callerOf(res), model)));
  });

  router.post(
    PUBLIC_API_ENDPOINTS.chatCompletions.route,
    authenticateWithModel,
    againOnFreshRead(async (req, res) => {
      const startedAt = Date.now();
      const caller = callerOf(res);
      const body = openAiChatCompletionRequest.parse(req.body);
      const agent = await modelFor(deps, caller, body.model);
      if (producesImages(agent)) throw new PublicApiError('invalid_request', `The model '${agent.key}' makes images: use POST ${PUBLIC_API_BASE}/images/generations.`, 'model');
      const conversation = readConversation(body.messages);
      const streaming = body.stream === true;
      const includeUsage = streaming && body.stream_options?.include_usage === true;
      // Taken before anything is reserved, so a refused stream costs nothing.
      const closeStream = streaming ? limits.openStream(caller.key.id) : () => undefined;
      try {
        const reserved = await reserveApiReply(deps, caller, agent, {
          promptTokens: conversation.promptTokens,
          maxTokens: body.max_completion_tokens ?? body.max_tokens ?? null,
          kind: 'chat',
          startedAt,
          question: conversation.message,
        });
        const left = stopWhenCallerLeaves(res);
        const id = `chatcmpl-${reserved.reservation.replyId.replaceAll('-', '')}`;
        const created = Math.floor(startedAt / 1000);
        const base = { id, object: 'chat.completion.chunk', created, model: agent.key, system_fingerprint: null };
        const chunk = (choice: object | null, extra: object = {}) =>
          writeEvent(res, { ...base, choices: choice ? [{ index: 0, logprobs: null, finish_reason: null, ...choice }] : [], ...(includeUsage ? { usage: null } : {}), ...extra });
        if (streaming) {
          openEventStream(res);
          chunk({ delta: { role: 'assistant', content: '' } });
        }
        const stop = typeof body.stop === 'string' ? [body.stop] : (body.stop ?? undefined);
        const result = await runApiReply(deps, reserved, {
          message: conversation.message,
          history: conversation.history,
          system: conversation.system,
          temperature: body.temperature ?? undefined,
          stop,
          requestId: getRequestId(req),
          signal: left,
          onWaiting: () => undefined,
          ...(streaming && { onToken: (text: string) => chunk({ delta: { content: text } }) }),
        });
        if (!result.ok) {
          if (!streaming) throw new PublicApiError('agent_unavailable', result.error);
          writeEvent(res, openAiError('agent_unavailable', result.error).body);
          return res.end();
        }
        if (left.aborted) return res.end();
        const { delivered, promptTokens, completionTokens } = result.done;
        const usage = { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
        if (!streaming) {
          return answerJson(res, {
            id,
            object: 'chat.completion',
            created,
            model: agent.key,
            system_fingerprint: null,
            choices: [{ index: 0, message: { role: 'assistant', content: delivered.text, refusal: null }, logprobs: null, finish_reason: delivered.finishReason }],
            usage,
          });
        }
        chunk({ delta: {}, finish_reason: delivered.finishReason });
        if (includeUsage) chunk(null, { usage });
        res.write('data: [DONE]\n\n');
        res.end();
      } finally {
        closeStream();
      }
    }),
  );

  router.post(
    PUBLIC_API_ENDPOINTS.imageGenerations.route,
    authenticateWithModel,
    againOnFreshRead(async (req, res) => {
      const startedAt = Date.now();
      const caller = callerOf(res);
      const body = openAiImageRequest.parse(req.body);
      const agent = await modelFor(deps, caller, body.model);
      if (!producesImages(agent))
        throw new PublicApiError('invalid_request', `The model '${agent.key}' does not make images: use POST ${PUBLIC_API_BASE}/chat/completions.`, 'model');
      const unoffered = unofferedImageSize(agent, body.size ?? undefined);
      if (unoffered) throw new PublicApiError('invalid_request', unoffered, 'size');
      const reserved = await reserveApiReply(deps, caller, agent, { promptTokens: estimateTokens(body.prompt), maxTokens: null, kind: 'image', startedAt });
      const left = stopWhenCallerLeaves(res);
      const result = await runApiReply(deps, reserved, {
        message: body.prompt,
        history: [],
        ...(body.size ? { imageSize: body.size } : {}),
        requestId: getRequestId(req),
        signal: left,
        onWaiting: () => undefined,
        requireImage: true,
      });
      if (!result.ok) throw new PublicApiError('agent_unavailable', result.error);
      if (left.aborted) return res.end();
      res.json({ created: Math.floor(startedAt / 1000), data: [{ url: result.done.delivered.imageUrl }] });
    }),
  );

  router.use((req, _res, next) => {
    next(new PublicApiError('not_found', `Invalid URL (${req.method} ${PUBLIC_API_BASE}${req.path}).`));
  });
  return router;
}

/**
 * A completion's JSON answer, as res.json writes it less what a POST's answer has no use for:
 * express's ETag (a hash of every body) and its freshness check against the request's headers.
 */
function answerJson(res: Response, body: unknown): void {
  const text = JSON.stringify(body);
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(text));
  res.end(text);
}

function openEventStream(res: Response): void {
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no', connection: 'keep-alive' });
  res.flushHeaders();
}

function writeEvent(res: Response, data: unknown): void {
  if (!res.writableEnded && !res.destroyed) res.write(`data: ${JSON.stringify(data)}\n\n`);
}

/**
 * Every error under `/v1` in OpenAI's shape `{ error: { message, type, code, param } }`, with the
 * headers that belong to it (Retry-After) beside the rate-limit headers already set.
 */
export function publicApiErrorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, next) => {
    if (res.headersSent) return next(err);
    const { error, headers } = toOpenAiError(err, req);
    if (error.status >= 500 && !(err instanceof PublicApiError)) logger.error({ err, requestId: getRequestId(req), url: req.originalUrl }, 'public API request failed');
    res.set(headers).status(error.status).json(error.body);
  };
}

function toOpenAiError(err: unknown, req: Request): { error: ReturnType<typeof openAiError>; headers: Record<string, string> } {
  if (err instanceof PublicApiError) return { error: openAiError(err.openAiCode, err.message, err.param), headers: err.headers };
  if (err instanceof z.core.$ZodError) {
    const issue = err.issues[0];
    const param = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : null;
    const message = param ? `Invalid value for '${param}': ${issue!.message}` : 'The request body must be a JSON object.';
    return { error: openAiError('invalid_request', message, param), headers: {} };
  }
  if (err instanceof InsufficientCreditsError) return { error: openAiError('insufficient_quota', err.message), headers: {} };
  if (err instanceof KeyCreditCapError) return { error: openAiError('key_credit_cap_reached', err.message), headers: {} };
  if (err instanceof MemberCreditCapError) return { error: openAiError('member_credit_cap_reached', err.message), headers: {} };
  if (err instanceof AppError && err.code === 'team_pool_empty') return { error: openAiError('team_pool_empty', err.message), headers: {} };
  if (err instanceof ApiCallLimitError) return { error: openAiError('api_calls_exhausted', err.message), headers: {} };
  if (err instanceof AppError) {
    if (err.status === 413) return { error: openAiError('request_too_large', err.message), headers: err.headers };
    if (err.status === 404) return { error: openAiError('not_found', err.message), headers: err.headers };
    if (err.status === 503) return { error: openAiError('service_unavailable', err.message), headers: err.headers };
    if (err.status < 500) return { error: { status: err.status, body: openAiError('invalid_request', err.message).body }, headers: err.headers };
  }
  const httpError = (typeof err === 'object' && err !== null ? err : {}) as { type?: unknown; status?: unknown; expose?: unknown; message?: unknown };
  if (httpError.type === 'entity.parse.failed') {
    return { error: openAiError('invalid_request', 'We could not parse the JSON body of your request. Send valid JSON with Content-Type: application/json.'), headers: {} };
  }
  if (httpError.type === 'entity.too.large') return { error: openAiError('request_too_large', 'The request body is too large.'), headers: {} };
  // PostgreSQL refuses text that is not UTF-8 (22021, 22P05): the client's text, so a 400.
  if (['22021', '22P05'].includes(sqlState(err) ?? '')) return { error: openAiError('invalid_request', 'Text may not contain NUL or other control characters.'), headers: {} };
  if (err instanceof URIError) return { error: openAiError('invalid_request', 'The URL is not valid: it has malformed percent-encoding.'), headers: {} };
  if (httpError.expose === true && typeof httpError.status === 'number' && httpError.status >= 400 && httpError.status < 500) {
    return { error: { status: httpError.status, body: openAiError('invalid_request', String(httpError.message)).body }, headers: {} };
  }
  return { error: openAiError('server_error', `The server had an error while processing your request${requestSuffix(req)}. Please try again.`), headers: {} };
}

const requestSuffix = (req: Request) => {
  const id = getRequestId(req);
  return id ? ` (request ${id})` : '';
};

/** The SQLSTATE of a database error (drizzle wraps the driver's error; the code is on a cause). */
function sqlState(err: unknown): string | undefined {
  for (let current: unknown = err, depth = 0; typeof current === 'object' && current !== null && depth < 3; current = (current as { cause?: unknown }).cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

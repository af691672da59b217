import { apiErrorBody } from '@agentdock/contracts';
import { isAbortError } from './abort';

export interface ApiErrorField {
  path: string;
  message: string;
}

/** Any failed API call: an error response, an unreadable one, or no response at all. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  /**
   * Each micro-frontend bundles its own copy of this package, and errors from the shared session
   * client come from the shell's copy; `instanceof` recognises them all by their shape.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === 'ApiError' && typeof (value as { status?: unknown }).status === 'number';
  }

  constructor(
    /** HTTP status; 0 when no response arrived. */
    readonly status: number,
    /** Stable machine code from the error body, or one of the client's own codes. */
    readonly code: string,
    message: string,
    readonly fields: ApiErrorField[] = [],
    /** The id the call was sent with, for matching server logs. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** Builds the ApiError for a non-2xx response, trusting only a body that matches the contract. */
export async function errorFromResponse(response: Response, requestId: string): Promise<ApiError> {
  const body = apiErrorBody.safeParse(await readJson(response));
  if (!body.success) {
    return new ApiError(response.status, 'http_error', `The server answered ${response.status} ${response.statusText}`.trim(), [], requestId);
  }
  const { code, message, fields, requestId: serverRequestId } = body.data.error;
  return new ApiError(response.status, code, message, fields ?? [], serverRequestId ?? requestId);
}

/** The parsed body, or undefined when it is not JSON; an abort while reading stays an abort. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    if (isAbortError(error)) throw error;
    return undefined;
  }
}

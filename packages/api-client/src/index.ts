export { isAbortError } from './abort';
export { ApiError, type ApiErrorField } from './api-error';
export { createApiClient, type ApiClient, type ApiClientOptions, type CallOptions, type DownloadedFile } from './client';
export { createEventStreamClient, type EventStreamClient } from './event-stream-client';
export type { ServerSentEvent } from './server-sent-events';

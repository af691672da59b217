export * from './errors/app-errors';
export { errorHandler, notFoundHandler, sendError } from './http/error-handler';

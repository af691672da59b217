import type { Request, Response } from 'express';
import { type Plugin, proxyEventsPlugin } from 'http-proxy-middleware';

/**
 * With `ejectPlugins: true`, the plugin list for a proxy that wants its `on` handlers and nothing
 * else. (The library types its own plugin for bare node:http; express's request and response
 * extend those types, so the cast only narrows what the handlers are told they receive.)
 */
export const onHandlersOnly = [proxyEventsPlugin as unknown as Plugin<Request, Response>];

import http from 'node:http';

interface ExpressLike {
  request: object;
  response: object;
}

const isExpressApp = (app: unknown): app is ExpressLike & http.RequestListener =>
  typeof app === 'function' && 'request' in app && 'response' in app && typeof app.request === 'object' && typeof app.response === 'object';

/** Copies every property on `from`'s prototype chain below `base` onto `onto`, nearest last so it wins. */
function adoptChain(onto: object, from: object, base: object): void {
  const chain: object[] = [];
  for (let link: object | null = from; link !== null && link !== base; link = Object.getPrototypeOf(link) as object | null) chain.unshift(link);
  for (const link of chain) Object.defineProperties(onto, Object.getOwnPropertyDescriptors(link));
}

/**
 * Request and response classes for a server running an express app, so its requests are born
 * with express's prototypes. Express otherwise swaps the prototype of every incoming request and
 * response (`Object.setPrototypeOf` in `app.handle`), which V8 cannot cache: every property access
 * in Node's http code and in the middleware then misses its inline cache. Measured on the gateway,
 * that alone cost about 100 µs of CPU per request, twice what proxying the request cost. With the
 * prototypes already in place express's swap is a no-op. Returns no options for other listeners.
 */
export function expressServerClasses(app: http.RequestListener): Pick<http.ServerOptions, 'IncomingMessage' | 'ServerResponse'> {
  if (!isExpressApp(app)) return {};
  // Unnamed on purpose: a class declaration (`class ExpressRequest extends …`) has its `name`
  // redefined by tsx, which runs the services in development and in the bench (esbuild's keepNames
  // adds `static { __name(this, …) }`). V8 then aborts every attempt to optimise the constructor
  // ("dependency change"), and with it Node's parserOnIncoming and parserOnHeadersComplete that call
  // it, and retries every few thousand requests: measured on the gateway, about 25 µs of compiler
  // CPU per request and those hot functions never optimised. Array elements get no name to redefine.
  const [ExpressRequest, ExpressResponse] = [class extends http.IncomingMessage {}, class extends http.ServerResponse {}];
  adoptChain(ExpressRequest.prototype, app.request, http.IncomingMessage.prototype);
  adoptChain(ExpressResponse.prototype, app.response, http.ServerResponse.prototype);
  // Express reads these in app.handle (and when leaving a mounted sub-app) as the prototypes to set.
  app.request = ExpressRequest.prototype;
  app.response = ExpressResponse.prototype;
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse as unknown as typeof http.ServerResponse };
}

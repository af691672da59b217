// jsdom has no fetch API. The session client and the api client run on Node's, so component tests
// can drive the real client against a fake identity service (fakeIdentity).
//   /** @jest-environment @agentdock/session/jsdom-environment */
const { TestEnvironment } = require('jest-environment-jsdom');

module.exports = class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, { fetch, Request, Response, Headers, structuredClone });
  }
};

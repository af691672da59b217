// The server side of this remote, exposed as './server' by its node build (dist/server): the
// shell's server renderer loads it at run time through the Module Federation runtime.
// @ts-expect-error plain CommonJS helper of the shared webpack config (no types)
import { collectedStyles } from '@agentdock/webpack-config/ssr-styles';
import type { RemoteServerModule } from '@agentdock/ui';

export { pages } from './pages';

/** Sign-in and sign-up read no data: the anonymous visitor sees their forms. */
const PUBLIC_PAGES = new Set(['SignIn', 'SignUp']);

/** Nothing to hand over: the element stays absent. */
export const SERVER_DATA_ELEMENT_ID = 'agentdock-ssr-account';

export const preparePage: RemoteServerModule['preparePage'] = async (page) => (PUBLIC_PAGES.has(page) ? { data: {} } : null);

export function styles(): string[] {
  return collectedStyles() as string[];
}

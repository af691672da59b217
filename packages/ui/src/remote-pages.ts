import type { ComponentType } from 'react';

/** Loads one page of a micro-frontend; pages are code-split so a remote ships only what is viewed. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * What every remote exposes as './pages': its pages by name. The shell's route table names a
 * remote and one of these keys.
 */
export type RemotePages = Readonly<Record<string, PageLoader>>;

/** A page's data-derived head (a course's own name as the title). */
export interface ServerPageHead {
  title: string;
  description: string;
}

/**
 * What a remote's server build exposes as './server' for the shell's server renderer: the same
 * pages, a loader that fetches (from the gateway at `context.apiBaseUrl`) and seeds what a page shows its
 * anonymous visitor, and the remote's stylesheets. preparePage answers null for a page that is
 * only ever rendered in the browser.
 */
export interface ServerContext {
  /** The gateway, as the server reaches it. */
  apiBaseUrl: string;
  /** A DOM window (jsdom) for work that needs one on the server, such as sanitising HTML. */
  domWindow: unknown;
}

export interface RemoteServerModule {
  pages: RemotePages;
  preparePage(page: string, params: Record<string, string>, context: ServerContext): Promise<{ data: unknown; head?: ServerPageHead } | null>;
  styles(): string[];
  /** The id of the JSON script the remote reads its server data from before hydrating. */
  SERVER_DATA_ELEMENT_ID: string;
}

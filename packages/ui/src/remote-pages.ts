import type { ComponentType } from 'react';

/** Loads one page of a micro-frontend; pages are code-split so a remote ships only what is viewed. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * What every remote exposes as './pages': its pages by name. The shell's route table names a
 * remote and one of these keys.
 */
export type RemotePages = Readonly<Record<string, PageLoader>>;

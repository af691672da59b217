/** A team the signed-in user belongs to, chosen as the workspace; `null` is their personal workspace. */
export interface Workspace {
  id: string;
  name: string;
}

type Listener = () => void;

const storageKey = (userId: string) => `agentdock.workspace.${userId}`;

function readStored(userId: string): Workspace | null {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === 'object' && typeof (parsed as Workspace).id === 'string' && typeof (parsed as Workspace).name === 'string') {
      return { id: (parsed as Workspace).id, name: (parsed as Workspace).name };
    }
  } catch {
    // Storage refused (private mode) or a value that is not ours: the personal workspace.
  }
  return null;
}

function writeStored(userId: string, workspace: Workspace | null): void {
  try {
    if (workspace) globalThis.localStorage?.setItem(storageKey(userId), JSON.stringify(workspace));
    else globalThis.localStorage?.removeItem(storageKey(userId));
  } catch {
    // Not remembered across reloads, but the choice still holds on this page.
  }
}

/**
 * Which workspace each user of this browser chose (Personal or one of their teams), remembered in
 * localStorage keyed by the user, so another account signing in here starts from its own choice.
 * One instance per page (this package is a shared singleton): the shell's switch and every remote
 * see the same choice and re-render when it changes.
 */
export class WorkspaceStore {
  private readonly chosen = new Map<string, Workspace | null>();
  private readonly listeners = new Set<Listener>();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The user's workspace: what they chose last, or personal (`null`). */
  get(userId: string | null): Workspace | null {
    if (!userId) return null;
    if (!this.chosen.has(userId)) this.chosen.set(userId, readStored(userId));
    return this.chosen.get(userId) ?? null;
  }

  choose(userId: string, workspace: Workspace | null): void {
    this.chosen.set(userId, workspace);
    writeStored(userId, workspace);
    for (const listener of this.listeners) listener();
  }

  /**
   * The user's teams as identity lists them now: a remembered team they no longer belong to falls
   * back to personal, and a renamed one takes its new name.
   */
  reconcile(userId: string, teams: readonly Workspace[]): void {
    const current = this.get(userId);
    if (!current) return;
    const listed = teams.find((team) => team.id === current.id);
    if (!listed) this.choose(userId, null);
    else if (listed.name !== current.name) this.choose(userId, { id: listed.id, name: listed.name });
  }
}

let store: WorkspaceStore | undefined;

/** The page's one workspace store. */
export function getWorkspaceStore(): WorkspaceStore {
  store ??= new WorkspaceStore();
  return store;
}

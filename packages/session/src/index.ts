export { AuthError } from './auth-error';
export { PKCE_VERIFIER_KEY } from './pkce';
export { SessionProvider, useAuthEvent, useSession, useSessionClient, useWorkspace } from './react';
export { getWorkspaceStore, type Workspace, WorkspaceStore } from './workspace';
export { SESSION_HINT_KEY } from './session-hint';
export { createSessionClient, type SessionClient, type SessionClientOptions, type SignInOutcome, type SignUpParams } from './session-client';
export { getSessionClient } from './singleton';
export type { TabChannel, TabLock, TabMessage } from './tab-sync';
export type { AuthChangeEvent, AuthStateListener, Session, SessionState, SessionStatus, UserProfile } from './types';

import type { ChatMessage } from '@agentdock/contracts';

/** The message on its way and the reply streamed so far, until the stored pair replaces them. */
export interface Pending {
  /** The user's new message; null for Regenerate (its question is already in `before`). */
  text: string | null;
  /** What the pane shows above the reply while it streams: the branch the send continues from. */
  before: ChatMessage[];
  streamed: string;
  /** What the server set aside for this send (its "up to"), once it said. */
  upToCredits: number | null;
}

/** The last reply's exact charge against what was set aside for it, for the cost bar. */
export interface Charge {
  credits: number;
  upToCredits: number;
}

export interface StreamState {
  /** Set from the send until the reply ends, however it ends. */
  pending: Pending | null;
  /** Why the last send did not go through, or what went wrong with it. */
  notice: string | null;
  /** One line per reply for screen readers: the pane itself is not live, so tokens are not read out. */
  announcement: string;
  lastCharge: Charge | null;
}

export type StreamAction =
  | { type: 'start'; text: string | null; before: ChatMessage[] }
  | { type: 'accepted'; upToCredits: number | null }
  | { type: 'token'; piece: string }
  | { type: 'charged'; charge: Charge }
  | { type: 'notice'; text: string }
  | { type: 'announce'; text: string }
  | { type: 'end' };

export const IDLE_STREAM: StreamState = { pending: null, notice: null, announcement: '', lastCharge: null };

export function streamReducer(state: StreamState, action: StreamAction): StreamState {
  switch (action.type) {
    case 'start':
      return { ...state, pending: { text: action.text, before: action.before, streamed: '', upToCredits: null }, notice: null, announcement: '' };
    case 'accepted':
      return state.pending ? { ...state, pending: { ...state.pending, upToCredits: action.upToCredits } } : state;
    case 'token':
      return state.pending ? { ...state, pending: { ...state.pending, streamed: state.pending.streamed + action.piece } } : state;
    case 'charged':
      return { ...state, lastCharge: action.charge };
    case 'notice':
      return { ...state, notice: action.text };
    case 'announce':
      return { ...state, announcement: action.text };
    case 'end':
      return { ...state, pending: null };
  }
}

/** The message on its way and the reply streamed so far, until the stored pair replaces them. */
export interface Pending {
  text: string;
  streamed: string;
}

export interface StreamState {
  /** Set from the send until the reply ends, however it ends. */
  pending: Pending | null;
  /** Why the last send did not go through, or what went wrong with it. */
  notice: string | null;
  /** One line per reply for screen readers: the pane itself is not live, so tokens are not read out. */
  announcement: string;
}

export type StreamAction =
  { type: 'start'; text: string } | { type: 'token'; piece: string } | { type: 'notice'; text: string } | { type: 'announce'; text: string } | { type: 'end' };

export const IDLE_STREAM: StreamState = { pending: null, notice: null, announcement: '' };

export function streamReducer(state: StreamState, action: StreamAction): StreamState {
  switch (action.type) {
    case 'start':
      return { pending: { text: action.text, streamed: '' }, notice: null, announcement: '' };
    case 'token':
      return state.pending ? { ...state, pending: { ...state.pending, streamed: state.pending.streamed + action.piece } } : state;
    case 'notice':
      return { ...state, notice: action.text };
    case 'announce':
      return { ...state, announcement: action.text };
    case 'end':
      return { ...state, pending: null };
  }
}

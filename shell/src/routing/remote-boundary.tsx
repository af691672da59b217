import { Component, type ReactNode } from 'react';
import { ErrorState } from '@agentdock/ui';

interface RemoteBoundaryProps {
  children: ReactNode;
  /** Asks for a fresh attempt at whatever failed. */
  onRetry: () => void;
  /** A new key (the visitor went to another URL) retries a shown failure by itself. */
  resetKey: string;
}

interface RemoteBoundaryState {
  failed: boolean;
}

/**
 * Keeps a failed micro-frontend inside the layout: header, footer and other pages keep working.
 * React itself reports the caught error to the console.
 */
export class RemoteBoundary extends Component<RemoteBoundaryProps, RemoteBoundaryState> {
  override state: RemoteBoundaryState = { failed: false };

  static getDerivedStateFromError(): RemoteBoundaryState {
    return { failed: true };
  }

  override componentDidUpdate(previous: RemoteBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorState
        headingLevel={1}
        title="This part of Agentdock is unavailable right now"
        message="Please try again in a moment. The rest of the site keeps working."
        retryLabel="Retry"
        onRetry={this.retry}
      />
    );
  }
}

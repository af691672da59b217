import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorState } from '@agentdock/ui';

interface RemoteBoundaryProps {
  children: ReactNode;
  /** Leaving the page (a new key) clears a shown failure. */
  resetKey: string;
}

interface RemoteBoundaryState {
  failed: boolean;
}

/** Keeps a failed micro-frontend inside the layout: header, footer and other pages keep working. */
export class RemoteBoundary extends Component<RemoteBoundaryProps, RemoteBoundaryState> {
  override state: RemoteBoundaryState = { failed: false };

  static getDerivedStateFromError(): RemoteBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[agentdock] page failed', error, info.componentStack);
  }

  override componentDidUpdate(previous: RemoteBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  private readonly retry = () => this.setState({ failed: false });

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

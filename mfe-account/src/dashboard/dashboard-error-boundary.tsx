import { Component, Fragment, type ReactNode } from 'react';
import { Container, ErrorState, PageHeader } from '@agentdock/ui';
import { UNEXPECTED_ERROR } from './source-error';

interface Props {
  children: ReactNode;
}

/**
 * A fault while drawing the figures (an answer shaped unlike anything expected) shows the
 * dashboard's error state instead of taking the whole page down; Try Again draws it afresh, which
 * loads every figure again without reloading the page.
 */
export class DashboardErrorBoundary extends Component<Props, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('[agentdock] the dashboard failed to render', error);
  }

  override render() {
    if (this.state.failed) {
      return (
        <>
          <PageHeader title="Dashboard" />
          <Container className="ad-section ad-section--flush-top">
            <ErrorState title="Error Loading Dashboard" message={UNEXPECTED_ERROR} onRetry={() => this.setState(({ attempt }) => ({ failed: false, attempt: attempt + 1 }))} />
          </Container>
        </>
      );
    }
    return <Fragment key={this.state.attempt}>{this.props.children}</Fragment>;
  }
}

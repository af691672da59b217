/** @jest-environment jsdom */
import { type ChatAgent, estimateTokens, replyCharge, replyTokenBound, upToCredits } from '@agentdock/contracts';
import { walletFixture } from '@agentdock/contracts/testing';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CostBar } from './cost-bar';
import { EmptyConversation } from './empty-conversation';

const AGENT: ChatAgent = {
  id: '3f1f7c3e-5d0a-4a55-9d53-3c4b1a0f9a11',
  key: 'meeting-prep',
  name: 'Meeting Prep',
  description: 'Prepares you for meetings.',
  tier: 'free',
  producesImages: false,
  imageSizes: [],
  starters: [],
  maxReplyTokens: 1_024,
};

function renderBar(props: Partial<Parameters<typeof CostBar>[0]>) {
  const wallet = walletFixture({ creditsRemaining: 1_000_000, purchasedCredits: 0 });
  return render(
    <MemoryRouter>
      <CostBar typed="" agent={AGENT} wallet={wallet} available={1_000_000} lastCharge={null} {...props} />
    </MemoryRouter>,
  );
}

describe('the cost bar', () => {
  it('shows the most the typed message can cost: its tokens and the agent’s longest reply, at 100 credits a token', () => {
    renderBar({ typed: 'x'.repeat(112) });
    // 28 tokens + 1,024 = 1,052 tokens.
    expect(screen.getByTestId('estimated-cost').textContent).toBe('This message: up to 105,200 credits');
  });

  it('holds the figure to what the balance can pay, as the reservation does', () => {
    renderBar({ typed: 'x'.repeat(112), available: 10_000 });
    expect(screen.getByTestId('estimated-cost').textContent).toBe('This message: up to 10,000 credits');
  });

  it('shows nothing to pay before anything is typed, and the last reply’s exact charge against its "up to"', () => {
    renderBar({ lastCharge: { credits: 3_400, upToCredits: 105_200 } });
    expect(screen.getByTestId('estimated-cost').textContent).toBe('This message: —');
    expect(screen.getByTestId('last-charge').textContent).toBe('Last reply: 3,400 credits (up to 105,200)');
  });

  it('is never below what a reply of any length is charged (the same rule as the server’s charge)', () => {
    for (const length of [1, 7, 80, 400, 2_000, 8_000]) {
      for (const balance of [500, 20_000, 1_000_000]) {
        const messageTokens = estimateTokens('y'.repeat(length));
        const bound = replyTokenBound({ balance, messageTokens, maxReplyTokens: AGENT.maxReplyTokens });
        const longest = replyCharge({ messageTokens, replyText: 'z'.repeat(40_000), reportedReplyTokens: null, bound }).credits;
        expect(upToCredits({ messageTokens, maxReplyTokens: AGENT.maxReplyTokens, balance })).toBeGreaterThanOrEqual(longest);
      }
    }
  });
});

describe('an empty conversation', () => {
  it('offers the agent’s starters, and a click sends one', () => {
    const onStart = jest.fn();
    render(<EmptyConversation agent={AGENT} starters={['Prepare my 1:1', 'Draft an agenda']} disabled={false} onStart={onStart} />);
    expect(screen.getByText('Prepares you for meetings.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Draft an agenda' }));
    expect(onStart).toHaveBeenCalledWith('Draft an agenda');
  });

  it('shows the default instruction card when the agent has no starters', () => {
    render(<EmptyConversation agent={AGENT} starters={[]} disabled={false} onStart={jest.fn()} />);
    expect(screen.queryByRole('list', { name: 'Conversation starters' })).toBeNull();
    expect(screen.getByText('Ask a question or describe what you need, then press Enter to send.')).toBeTruthy();
  });
});

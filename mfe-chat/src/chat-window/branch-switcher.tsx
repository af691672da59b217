import type { ChatMessageBranch } from '@agentdock/contracts';

/** ‹ n / m › under a message with siblings (its edits, or the replies to one question): shows the version before or after. */
export function BranchSwitcher({ branch, noun, disabled, onShow }: { branch: ChatMessageBranch; noun: 'message' | 'reply'; disabled: boolean; onShow(siblingId: string): void }) {
  const { position, count, siblingIds } = branch;
  const previous = siblingIds[position - 2];
  const next = siblingIds[position];
  return (
    <div className="chat-branch" role="group" aria-label={`Version ${position} of ${count} of this ${noun}`}>
      <button
        type="button"
        className="chat-branch__step"
        aria-label={`Previous version of this ${noun}`}
        disabled={disabled || !previous}
        onClick={() => previous && onShow(previous)}
      >
        ‹
      </button>
      <span className="chat-branch__position" data-testid="branch-position">
        {position} / {count}
      </span>
      <button type="button" className="chat-branch__step" aria-label={`Next version of this ${noun}`} disabled={disabled || !next} onClick={() => next && onShow(next)}>
        ›
      </button>
    </div>
  );
}

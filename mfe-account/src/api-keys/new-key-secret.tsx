import { useEffect, useRef } from 'react';
import { Button, CopyButton, TextField } from '@agentdock/ui';
import type { ApiKeyCreated } from './api-keys-api';

export const SHOWN_ONCE = "Copy this key now. You won't be able to see it again.";

/**
 * The secret of the key just created, the only time it is ever shown: a read-only field (select
 * it, or use Copy) and Done, which forgets it.
 */
export function NewKeySecret({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="acc-keys__secret" data-testid="new-key-secret">
      <h3 ref={heading} tabIndex={-1} className="acc-keys__subtitle">
        Your new key “{created.key.name}”
      </h3>
      <p className="acc-keys__warning">
        <strong>{SHOWN_ONCE}</strong>
      </p>
      <div className="acc-keys__secret-row">
        <TextField label="API key" readOnly value={created.secret} spellCheck={false} autoComplete="off" onFocus={(event) => event.currentTarget.select()} />
        <CopyButton text={created.secret} label="Copy" failedText="Could not copy. Select the key and copy it yourself." />
      </div>
      <div>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

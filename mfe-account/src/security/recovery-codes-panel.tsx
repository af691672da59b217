import { useEffect, useMemo, useRef } from 'react';
import { Alert, AnchorButton, Button, CopyButton } from '@agentdock/ui';

const RECOVERY_CODES_FILE = 'agentdock-recovery-codes.txt';

/** The text file a user keeps: the codes, one a line, with what they are for. */
function recoveryCodesText(codes: string[], email: string): string {
  return [`Agentdock recovery codes for ${email}`, 'Each code signs you in once when you cannot use your authenticator app.', '', ...codes, ''].join('\n');
}

/** Recovery codes, shown this once: a list to copy or download, then an explicit "done". */
export function RecoveryCodesPanel({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const text = recoveryCodesText(codes, email);
  const href = useMemo(() => `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`, [text]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="acc-security__codes">
      <h3 ref={heading} tabIndex={-1} className="acc-security__subtitle">
        Save your recovery codes
      </h3>
      <Alert variant="info">These codes are shown only once. Keep them somewhere safe: each one signs you in once if you lose your authenticator app.</Alert>
      <ol className="acc-security__code-list" aria-label="Recovery codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="ad-row">
        <AnchorButton href={href} download={RECOVERY_CODES_FILE} variant="secondary">
          Download as .txt
        </AnchorButton>
        <CopyButton text={codes.join('\n')} label="Copy codes" />
      </div>
      <Button onClick={onDone}>I have saved my recovery codes</Button>
    </div>
  );
}

import { useEffect, useState } from 'react';
import { Button, type ButtonStyleProps } from './button';
import { copyToClipboard } from './copy-to-clipboard';

export interface CopyButtonProps extends ButtonStyleProps {
  text: string;
  label?: string;
  /** How long the confirmation stays, in milliseconds. */
  feedbackMs?: number;
  copy?: (text: string) => Promise<void>;
  /** Said when the browser refuses to copy; name what the reader should select instead. */
  failedText?: string;
}

type Outcome = 'idle' | 'copied' | 'failed';

/** Copies `text` and says so for a moment ('Copied!'), announced to screen readers. */
export function CopyButton({
  text,
  label = 'Copy',
  feedbackMs = 2000,
  copy = copyToClipboard,
  failedText = 'Could not copy. Select the link and copy it yourself.',
  ...style
}: CopyButtonProps) {
  // A fresh object per click restarts the timer, so a second click gets its full feedback time.
  const [result, setResult] = useState<{ outcome: Outcome }>({ outcome: 'idle' });
  const { outcome } = result;

  useEffect(() => {
    if (result.outcome === 'idle') return;
    const timer = setTimeout(() => setResult({ outcome: 'idle' }), feedbackMs);
    return () => clearTimeout(timer);
  }, [result, feedbackMs]);

  const onClick = () => {
    copy(text).then(
      () => setResult({ outcome: 'copied' }),
      () => setResult({ outcome: 'failed' }),
    );
  };

  return (
    <>
      <Button variant="secondary" {...style} onClick={onClick}>
        {outcome === 'copied' ? 'Copied!' : label}
      </Button>
      <span className="ad-visually-hidden" role="status">
        {outcome === 'copied' ? 'Copied to the clipboard' : ''}
      </span>
      {outcome === 'failed' && (
        <span className="ad-field__error" role="alert">
          {failedText}
        </span>
      )}
    </>
  );
}

import { useDeferredValue, useId, useState } from 'react';
import { MAX_INSTRUCTIONS_LENGTH } from '@agentdock/contracts';
import { pageSanitizer } from '@agentdock/html-sanitizer';
import { SegmentedControl } from '@agentdock/ui';

export interface MarkdownEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** Under the label: who sees this text. */
  hint?: string;
}

/**
 * The instructions' editor: Markdown written in a plain text area, previewed through the
 * platform's one HTML policy (no script or event handler survives, whatever was pasted), with the
 * count against the 20,000-character limit.
 */
export function MarkdownEditor({ label, value, onChange, error, hint }: MarkdownEditorProps) {
  const id = useId();
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const deferred = useDeferredValue(value);
  const over = value.length > MAX_INSTRUCTIONS_LENGTH;
  const described = [hint ? `${id}-hint` : '', `${id}-count`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="ad-field adm-markdown">
      <div className="adm-markdown__head">
        <label htmlFor={id} className="ad-field__label">
          {label}
        </label>
        <SegmentedControl
          label={`${label}: write or preview`}
          options={[
            { value: 'write', label: 'Write' },
            { value: 'preview', label: 'Preview' },
          ]}
          value={mode}
          onChange={setMode}
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="adm-hint">
          {hint}
        </p>
      )}
      {mode === 'write' ? (
        <textarea
          id={id}
          className="ad-input adm-markdown__text"
          rows={14}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error || over ? true : undefined}
          aria-describedby={described}
          spellCheck
        />
      ) : (
        <div
          id={id}
          className="adm-preview__body adm-markdown__preview"
          role="region"
          tabIndex={0}
          aria-label={`${label} preview`}
          data-testid="instructions-preview"
          dangerouslySetInnerHTML={{ __html: deferred.trim() ? pageSanitizer().renderMarkdown(deferred) : '<p><em>Nothing written yet.</em></p>' }}
        />
      )}
      <p id={`${id}-count`} className={over ? 'ad-field__error' : 'adm-hint'}>
        {`${value.length.toLocaleString('en-US')} / ${MAX_INSTRUCTIONS_LENGTH.toLocaleString('en-US')} characters`}
      </p>
      {error && (
        <p id={`${id}-error`} className="ad-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

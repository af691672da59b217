import { type ChatAgent, IMAGE_SIZE_LABELS, type ImageSize, isImageSize } from '@agentdock/contracts';
import { Button } from '@agentdock/ui';
import type { FormEvent, KeyboardEvent, RefObject } from 'react';

interface ComposerProps {
  formRef: RefObject<HTMLFormElement | null>;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  agent: ChatAgent | undefined;
  input: string;
  onInput: (text: string) => void;
  /** For image agents: the size the next image is asked for, one of the agent's `imageSizes`. */
  imageSize: ImageSize;
  onImageSize: (size: ImageSize) => void;
  replying: boolean;
  onSend: () => void;
  onStop: () => void;
}

/** The message box with Send, or Stop while a reply streams; image agents add the size to ask for. */
export function Composer({ formRef, inputRef, agent, input, onInput, imageSize, onImageSize, replying, onSend, onStop }: ComposerProps) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSend();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onSend();
    }
  };
  return (
    <form className="chat-form" ref={formRef} onSubmit={onSubmit}>
      <textarea
        ref={inputRef}
        className="chat-input"
        aria-label="Message"
        placeholder={agent ? 'Type your message... (Enter to send, Shift+Enter for a new line)' : 'Select an agent first'}
        value={input}
        disabled={!agent}
        maxLength={8000}
        rows={2}
        onChange={(event) => onInput(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {agent?.producesImages && agent.imageSizes.length ? (
        <label className="chat-image-size">
          <span>Image size</span>
          <select
            value={imageSize}
            disabled={replying}
            onChange={(event) => {
              if (isImageSize(event.target.value)) onImageSize(event.target.value);
            }}
          >
            {agent.imageSizes.map((size) => (
              <option key={size} value={size}>
                {IMAGE_SIZE_LABELS[size]}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {replying ? (
        <Button type="button" variant="danger" onClick={onStop}>
          Stop generating
        </Button>
      ) : (
        <Button type="submit" disabled={!agent || !input.trim()}>
          Send
        </Button>
      )}
    </form>
  );
}

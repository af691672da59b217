import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';

export interface TruncatedTextProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children' | 'title'> {
  /** The whole text: shown cut to one line, whole in the title on hover. */
  text: string;
}

/**
 * One line cut with an ellipsis (a long email in a list or table cell) instead of wrapping inside a
 * word; the whole text is its title, shown on hover, and it takes keyboard focus so a keyboard user
 * reaches that text too (a screen reader reads the whole text in any case).
 */
export function TruncatedText({ text, className, ...rest }: TruncatedTextProps) {
  return (
    <span tabIndex={0} {...rest} className={classNames('ad-truncate', className)} title={text}>
      {text}
    </span>
  );
}

import type { AnchorHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { buttonClassName, type ButtonStyleProps } from './button';

export type LinkButtonProps = LinkProps & ButtonStyleProps;

/** A router link that looks like a button (navigation, not an action). */
export function LinkButton({ variant, size, block, onDark, className, ...rest }: LinkButtonProps) {
  return <Link {...rest} className={buttonClassName({ variant, size, block, onDark }, className)} />;
}

export type AnchorButtonProps = AnchorHTMLAttributes<HTMLAnchorElement> & ButtonStyleProps & { href: string };

/** A plain anchor styled as a button, for mailto: drafts and other sites. */
export function AnchorButton({ variant, size, block, onDark, className, ...rest }: AnchorButtonProps) {
  return <a {...rest} className={buttonClassName({ variant, size, block, onDark }, className)} />;
}

import type { ButtonHTMLAttributes } from 'react';
import { classNames } from './class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** For buttons placed on the dark hero or footer. */
  onDark?: boolean;
}

export function buttonClassName({ variant = 'primary', size = 'md', block, onDark }: ButtonStyleProps, extra?: string) {
  return classNames('ad-btn', `ad-btn--${variant}`, size !== 'md' && `ad-btn--${size}`, block && 'ad-btn--block', onDark && 'ad-btn--on-dark', extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonStyleProps {}

export function Button({ variant, size, block, onDark, className, type = 'button', ...rest }: ButtonProps) {
  return <button {...rest} type={type} className={buttonClassName({ variant, size, block, onDark }, className)} />;
}

import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';

export type BadgeVariant = 'neutral' | 'primary' | 'success' | 'warning' | 'danger';

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'neutral', className, ...rest }: BadgeProps) {
  return <span {...rest} className={classNames('ad-badge', variant !== 'neutral' && `ad-badge--${variant}`, className)} />;
}

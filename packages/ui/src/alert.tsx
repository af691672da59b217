import type { ReactNode } from 'react';
import { classNames } from './class-names';

export interface AlertProps {
  variant: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
}

export function Alert({ variant, children, className }: AlertProps) {
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={classNames('ad-alert', `ad-alert--${variant}`, className)}>
      {children}
    </div>
  );
}

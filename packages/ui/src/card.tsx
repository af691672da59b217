import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'div' | 'article' | 'section' | 'li';
  highlight?: boolean;
}

export function Card({ as: Element = 'div', highlight, className, ...rest }: CardProps) {
  return <Element {...rest} className={classNames('ad-card', highlight && 'ad-card--highlight', className)} />;
}

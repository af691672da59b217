import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';

export function Container({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div {...rest} className={classNames('ad-container', className)} />;
}

import type { CSSProperties, ReactNode } from 'react';
import { join } from './class-names';

export function Stack({
  children,
  gap = 'medium',
  style,
  className,
  as: Tag = 'div',
  ...rest
}: {
  children: ReactNode;
  gap?: 'xs' | 'small' | 'medium' | 'large';
  style?: CSSProperties;
  className?: string;
  as?: 'div' | 'main' | 'form' | 'footer';
  role?: string;
  'aria-label'?: string;
  onSubmit?: (event: React.FormEvent) => void;
  noValidate?: boolean;
}) {
  return (
    <Tag
      className={join('amplify-flex', className)}
      style={{ flexDirection: 'column', gap: `var(--amplify-space-${gap})`, ...style }}
      {...rest}
    >
      {children}
    </Tag>
  );
}

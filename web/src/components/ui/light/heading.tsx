import type { CSSProperties, ReactNode } from 'react';

export function Heading({ level, children, style }: { level: 1 | 2; children: ReactNode; style?: CSSProperties }) {
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag className={`amplify-heading amplify-heading--${level}`} style={style}>
      {children}
    </Tag>
  );
}

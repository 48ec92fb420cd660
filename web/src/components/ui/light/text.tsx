import type { CSSProperties, ReactNode } from 'react';

export function Text({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <p className="amplify-text" style={style}>
      {children}
    </p>
  );
}

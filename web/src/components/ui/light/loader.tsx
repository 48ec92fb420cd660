import type { CSSProperties } from 'react';

export function Loader({ linear = false, style }: { linear?: boolean; style?: CSSProperties }) {
  if (linear) {
    return (
      <svg className="amplify-loader amplify-loader--linear amplify-loader--large" style={style} aria-hidden="true">
        <line x1="0" x2="100%" y1="50%" y2="50%" style={{ stroke: 'var(--amplify-components-loader-stroke-empty)' }} />
        <line x1="0" x2="100%" y1="50%" y2="50%" />
      </svg>
    );
  }
  return (
    <svg className="amplify-loader amplify-loader--large" viewBox="0 0 24 24" style={style} aria-hidden="true">
      <circle
        cx="50%"
        cy="50%"
        r="42%"
        strokeWidth="16%"
        style={{ stroke: 'var(--amplify-components-loader-stroke-empty)' }}
      />
      <circle
        cx="50%"
        cy="50%"
        r="42%"
        strokeWidth="16%"
        style={{
          stroke: 'var(--amplify-components-loader-stroke-filled)',
          strokeDasharray: '100% 200%',
          strokeDashoffset: '100%',
        }}
      />
    </svg>
  );
}

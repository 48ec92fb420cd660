import type { ReactNode } from 'react';

export function Alert({
  variation,
  heading,
  children,
  testId,
}: {
  variation: 'error' | 'warning';
  heading?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className={`amplify-flex amplify-alert amplify-alert--${variation}`} role="alert" data-testid={testId}>
      <div className="amplify-flex amplify-alert__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
          <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2zm1 15h-2v-2h2v2zm0-4h-2V7h2v6z" />
        </svg>
      </div>
      <div>
        {heading ? <div className="amplify-alert__heading">{heading}</div> : null}
        <div className="amplify-alert__body">{children}</div>
      </div>
    </div>
  );
}

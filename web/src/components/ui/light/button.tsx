import type { ReactNode } from 'react';
import { join } from './class-names';
import { Loader } from './loader';

export function Button({
  children,
  type = 'button',
  primary = false,
  fullWidth = false,
  loading = false,
  loadingText,
  disabled = false,
  onClick,
}: {
  children: ReactNode;
  type?: 'button' | 'submit';
  primary?: boolean;
  fullWidth?: boolean;
  loading?: boolean;
  loadingText?: string;
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <button
      type={type}
      className={join(
        'amplify-button amplify-field-group__control',
        primary && 'amplify-button--primary',
        fullWidth && 'amplify-button--fullwidth',
        loading && 'amplify-button--loading',
        (disabled || loading) && 'amplify-button--disabled',
      )}
      disabled={disabled || loading}
      onClick={onClick}
      style={{ gap: 'var(--amplify-space-small)' }}
    >
      {loading ? (
        <span className="amplify-flex amplify-button__loader-wrapper" style={{ alignItems: 'center', gap: 'inherit' }}>
          <Loader style={{ width: '1em', height: '1em' }} />
          {loadingText}
        </span>
      ) : (
        children
      )}
    </button>
  );
}

/** A labelled input with its error line, like Amplify's TextField and PasswordField (with the show button). */

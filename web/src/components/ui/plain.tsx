import { type CSSProperties, type ReactNode, useId, useState } from 'react';

/**
 * Amplify UI's look without its JavaScript, for what /login and the app's first screen show (the first load
 * of /login ≤ 120 KB gzipped). Amplify primitives read the theme object at run time (createTheme and every
 * component's tokens, about 20 KB gzipped); these render the same elements with the same classes, which
 * @aws-amplify/ui-react/styles.css already styles. The rest of the app keeps the primitives.
 */

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

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

export function Heading({ level, children, style }: { level: 1 | 2; children: ReactNode; style?: CSSProperties }) {
  const Tag = level === 1 ? 'h1' : 'h2';
  return (
    <Tag className={`amplify-heading amplify-heading--${level}`} style={style}>
      {children}
    </Tag>
  );
}

export function Text({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <p className="amplify-text" style={style}>
      {children}
    </p>
  );
}

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
export function InputField({
  label,
  name,
  type = 'text',
  value,
  onChange,
  error,
  autoComplete,
  placeholder,
  showPassword,
}: {
  label: string;
  name: string;
  type?: 'text' | 'email' | 'password';
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoComplete?: string;
  placeholder?: string;
  showPassword?: { button: string; hidden: string; shown: string };
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const inputType = type === 'password' && shown ? 'text' : type;
  return (
    <div
      className={join(
        'amplify-flex amplify-field',
        type === 'password' ? 'amplify-passwordfield' : 'amplify-textfield',
      )}
      style={{ flexDirection: 'column' }}
    >
      <label htmlFor={id} className="amplify-label">
        {label}
      </label>
      <div className="amplify-flex amplify-field-group amplify-field-group--horizontal">
        <div className="amplify-field-group__field-wrapper amplify-field-group__field-wrapper--horizontal">
          <input
            id={id}
            name={name}
            type={inputType}
            value={value}
            autoComplete={autoComplete}
            placeholder={placeholder}
            aria-invalid={error ? true : undefined}
            className={join('amplify-input amplify-field-group__control', error && 'amplify-input--error')}
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
        {showPassword ? (
          <div className="amplify-field-group__outer-end">
            <button
              type="button"
              className={join(
                'amplify-button amplify-field-group__control amplify-field__show-password',
                error && 'amplify-button--error',
              )}
              aria-label={showPassword.button}
              aria-checked={shown}
              role="switch"
              onClick={() => setShown((current) => !current)}
            >
              <span className="amplify-visually-hidden" aria-live="polite">
                {shown ? showPassword.shown : showPassword.hidden}
              </span>
              <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" fill="currentColor">
                <path d="M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5zM12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5zm0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3z" />
              </svg>
            </button>
          </div>
        ) : null}
      </div>
      {error ? <p className="amplify-text amplify-field__error-message">{error}</p> : null}
    </div>
  );
}

export function Checkbox({
  label,
  name,
  checked,
  onChange,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="amplify-flex amplify-field amplify-checkboxfield" style={{ flexDirection: 'column' }}>
      <label className="amplify-flex amplify-checkbox">
        <span className="amplify-visually-hidden">
          <input
            type="checkbox"
            name={name}
            value="yes"
            className="amplify-input amplify-field-group__control amplify-checkbox__input"
            checked={checked}
            onChange={(event) => onChange(event.target.checked)}
          />
        </span>
        <span className="amplify-text amplify-checkbox__label">{label}</span>
        <span
          className={join('amplify-flex amplify-checkbox__button', checked && 'amplify-checkbox__button--checked')}
          aria-hidden="true"
        >
          <svg
            className={join('amplify-checkbox__icon', checked && 'amplify-checkbox__icon--checked')}
            viewBox="0 0 24 24"
            fill="currentColor"
            aria-hidden="true"
          >
            <path d="M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z" />
          </svg>
        </span>
      </label>
    </div>
  );
}

import { useId, useState } from 'react';
import { join } from './class-names';

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

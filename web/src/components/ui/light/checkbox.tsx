import { join } from './class-names';

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

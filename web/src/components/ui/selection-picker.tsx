import { SelectField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useLocation, useNavigate } from 'react-router-dom';
import { chooseSelection, returnsHomeOnSelectionChange, useSelection } from '@/lib/selection';
import type { UserInfo } from '@/lib/session';

/**
 * The per-role selection of portal §2 Home (projects, groups or societies of the caller), shared so the shell can
 * show it on every page too. Changing it on a report or accounting page returns to /home, as those pages show the
 * previous selection's content. `className` lets the caller place it.
 */
export function SelectionPicker({ profile, className }: { profile: UserInfo | null; className?: string }) {
  const { kind, items, selected } = useSelection(profile);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!kind) return null;
  const label = es.homePage.selection[kind];
  if (items.length === 0) return <p className={className}>{es.homePage.selection.none}</p>;
  return (
    <SelectField
      className={className}
      label={label}
      // The <label> names it; aria-label names it too wherever it is drawn (the sidebar drawer at 375 px met an axe
      // select-name finding while sliding).
      aria-label={label}
      value={selected}
      onChange={(event) => {
        chooseSelection(kind, event.target.value);
        if (returnsHomeOnSelectionChange(pathname)) navigate('/home');
      }}
      data-selection-kind={kind}
    >
      {items.map((item) => (
        <option key={item.uuid} value={item.uuid}>
          {item.name}
        </option>
      ))}
    </SelectField>
  );
}

import { SearchField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from './constants';

/**
 * The search box of admin lists: `value` is the committed search (from the hash); typing commits after a short pause,
 * Enter or the search button commit at once, the clear button empties it.
 */
export function SearchBox({
  value,
  onSearch,
  label = es.adminUi.search,
}: {
  value: string;
  onSearch: (text: string) => void;
  label?: string;
}) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  // Amplify UI names its search button 'Search' with no prop to change it: the name is set here, in Spanish.
  const searchButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    searchButton.current?.setAttribute('aria-label', es.adminUi.search);
  });

  // The hash changed from elsewhere (Back, a link): show it.
  useEffect(() => {
    committed.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      onSearchRef.current(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const commit = (next: string) => {
    committed.current = next;
    onSearchRef.current(next);
  };

  return (
    <SearchField
      label={label}
      labelHidden
      placeholder={es.adminUi.searchPlaceholder}
      size="small"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSubmit={(next) => commit(next)}
      searchButtonRef={searchButton}
      clearButtonLabel={es.adminUi.clearSearch}
      onClear={() => {
        setText('');
        commit('');
      }}
      width="18rem"
      maxWidth="100%"
    />
  );
}

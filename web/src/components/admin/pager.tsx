import { Button, Flex, SelectField } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect } from 'react';
import { PAGE_SIZES } from './constants';
import { pageCount, pagerPages, showsPageSize } from './pagination';

/**
 * The pager of admin lists (admin-area §2): previous, three page buttons around the current page (two on the last
 * page), next. Hidden when everything fits on one page.
 */
export function Pager({
  page,
  pages,
  onChange,
  label = es.adminUi.pagination,
}: {
  page: number;
  /** Number of pages (see pageCount()). */
  pages: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  return (
    <Flex as="nav" aria-label={label} gap="xs" alignItems="center" justifyContent="center" wrap="wrap">
      <Button
        size="small"
        variation="link"
        aria-label={es.adminUi.previousPage}
        isDisabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        ‹
      </Button>
      {pagerPages(current, pages).map((number) => (
        <Button
          key={number}
          size="small"
          variation={number === current ? 'primary' : 'menu'}
          aria-label={es.adminUi.page(number)}
          aria-current={number === current ? 'page' : undefined}
          onClick={() => number !== current && onChange(number)}
          minWidth="2.25rem"
        >
          {number}
        </Button>
      ))}
      <Button
        size="small"
        variation="link"
        aria-label={es.adminUi.nextPage}
        isDisabled={current >= pages}
        onClick={() => onChange(current + 1)}
      >
        ›
      </Button>
    </Flex>
  );
}

/**
 * The 'Mostrar' selector (5, 15, 30; admin-area §2, §9). It shows on page 1 only and only when the list has at least
 * 5 rows: pass the list's `page` and `total` (with two lists, page 1 when both are on page 1 and the larger total).
 */
export function PageSizeSelect({
  value,
  onChange,
  page,
  total,
}: {
  value: number;
  onChange: (size: number) => void;
  page: number;
  total: number;
}) {
  if (!showsPageSize(page, total)) return null;
  return (
    <SelectField
      label={es.adminUi.pageSize}
      size="small"
      direction="row"
      alignItems="center"
      gap="xs"
      width="fit-content"
      value={String(value)}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {PAGE_SIZES.map((size) => (
        <option key={size} value={size}>
          {size}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * The foot of an admin list: the page-size selector and the pager. A page past the end (rows were deleted, or an old
 * link) moves back to the last page once the total is known.
 */
export function ListFooter({
  page,
  total,
  pageSize,
  onPage,
  onPageSize,
}: {
  page: number;
  /** Total rows (the answer's `count`); undefined while loading. */
  total: number | undefined;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const pages = pageCount(total ?? 0, pageSize);
  useEffect(() => {
    if (total === undefined || pages === 0 || page <= pages) return;
    // Outside the effect: the hash update renders synchronously.
    const timer = setTimeout(() => onPage(pages), 0);
    return () => clearTimeout(timer);
  }, [total, pages, page, onPage]);
  return (
    <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
      <PageSizeSelect value={pageSize} onChange={onPageSize} page={page} total={total ?? 0} />
      <Flex flex="1" justifyContent="flex-end">
        <Pager page={page} pages={pages} onChange={onPage} />
      </Flex>
    </Flex>
  );
}

import { Button, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect } from 'react';
import { PAGE_SIZES } from './constants';
import { formatCount, pageCount, pagerPages, showsPageSize } from './pagination';

/**
 * The pager of admin lists (admin-area §2): the rows shown and the total ('1–15 de 1.222'), first,
 * previous, three page buttons around the current page (two on the last page), next and last. With one page only the
 * total shows.
 */
export function Pager({
  page,
  pages,
  onChange,
  total,
  pageSize,
  label = es.adminUi.pagination,
}: {
  page: number;
  /** Number of pages (see pageCount()). */
  pages: number;
  onChange: (page: number) => void;
  /** The list's total rows and page size, for the 'from–to de total' range. */
  total?: number;
  pageSize?: number;
  label?: string;
}) {
  const current = Math.min(Math.max(1, page), Math.max(pages, 1));
  const range =
    total !== undefined && pageSize !== undefined && total > 0
      ? es.adminUi.range(
          formatCount((current - 1) * pageSize + 1),
          formatCount(Math.min(current * pageSize, total)),
          formatCount(total),
        )
      : null;
  if (pages <= 1) {
    return range ? (
      <Text as="p" fontSize="small" aria-live="polite" data-testid="pager-range">
        {range}
      </Text>
    ) : null;
  }
  const jump = (target: number, name: string, symbol: string, disabled: boolean) => (
    <Button size="small" variation="link" aria-label={name} isDisabled={disabled} onClick={() => onChange(target)}>
      {symbol}
    </Button>
  );
  return (
    <Flex as="nav" aria-label={label} gap="xs" alignItems="center" justifyContent="center" wrap="wrap">
      {range ? (
        <Text as="span" fontSize="small" aria-live="polite" data-testid="pager-range" marginInlineEnd="small">
          {range}
        </Text>
      ) : null}
      {jump(1, es.adminUi.firstPage, '«', current <= 1)}
      {jump(current - 1, es.adminUi.previousPage, '‹', current <= 1)}
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
      {jump(current + 1, es.adminUi.nextPage, '›', current >= pages)}
      {jump(pages, es.adminUi.lastPage(pages), '»', current >= pages)}
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
        <Pager page={page} pages={pages} onChange={onPage} total={total} pageSize={pageSize} />
      </Flex>
    </Flex>
  );
}

/**
 * Shared building blocks of the admin screens (admin-area §2 to §9). Features import from here:
 * `import { ListPage, AdminTable, ... } from '@/components/admin'`.
 *
 * Lists
 * - `useListHash({ keys, lists?, defaults? })`: list state in the URL hash in the spec's format
 *   (`#page?search=..&project=..`, two lists `#p1%p2?...`): `page`, `pages`, `values`, `pageSize`, `setPage(page, list?)`,
 *   `setFilters(changes, clear?)` (dependent keys emptied, pages back to 1), `setPageSize(size)`.
 *   Pure helpers: `parseListHash`, `formatListHash`, `withFilters`, `withPage`.
 * - `<ListPage title crumbs? search onSearch createTo? filters? toolbar?>`: breadcrumb from 'Inicio', search box,
 *   filters slot, '+ Crear'.
 * - `<AdminTable columns rows rowKey actions? loading onChanged>`: the table; `actions(row)` returns `RowActions`
 *   (toggle confirmed then the row changes in place, editTo, remove {confirm, typeToConfirm?, run} with a confirmation naming the item, detailTo).
 * - `<Pager page pages onChange>` (3 buttons, 2 on the last page), `<PageSizeSelect value onChange page total>`
 *   (5/15/30, on page 1 with ≥ 5 rows). Pure: `pagerPages`, `pageCount`, `pageOffset`, `showsPageSize`.
 * - `<ListFooter page total pageSize onPage onPageSize>`: both of the above, and a page past the end moves back.
 * - `<StatusBadge enabled>`: 'Habilitado' / 'Deshabilitado'.
 *
 * Forms (built with `useAppForm` and checked by `contractRules`, both in components/form)
 * - `validateImage(file)`: an image of 2 MB at most (files are not checked by the contracts' schemas).
 * - `useWizard(count)`, `<WizardSteps titles current>`, `<WizardButtons onBack? onNext nextLabel disabled busy>`.
 * - `<ServerErrors error|messages>`: the red list of '- ' lines.
 * - `<UnsavedChangesGuard when>`: in-app navigation confirm and the beforeunload warning.
 * - `<SelectionList label source selected onChange>`: searchable, paged 150px picker (selected pinned).
 * - `<FileInput label file onChange accept? current?>`: 'Subir archivo', then 'Archivo adjunto' and delete.
 * - `<FormPage title crumbs>`, `<RequiredNote/>`, `requiredLabel(label)`, `<SuccessPanel message linkLabel to>`.
 * - `<Modal>`, `<ConfirmDialog open message onConfirm onClose>`.
 *
 * Details
 * - `<DetailPage title crumbs loading error actions>`, `<DetailField label>`, `<DetailList items>`, `<ShortId id>`
 *   (10 characters + '…' and a copy button), `<PrintInfoButton fetchPdf fileName>` ('Imprimir info').
 * - `formatDate`, `formatDateTime`, `shortId`, `personLabel`; `storedSelection(kind, profile)` (the stored project/group/society).
 * - `roleScope(role)`: {projects, groups, byProject, byGroup}, what a role picks, from shared/roles.ts;
 *   `mayCall(contract, role)` from the contract's access list.
 */
export { AdminTable, type Column, type RowActions, RowActionsMenu } from './admin-table';
export { AdminBreadcrumb, type Crumb } from './breadcrumb';
export * from './constants';
export { DetailField, DetailList, DetailPage } from './detail';
export { FileInput } from './file-input';
export { FormPage, RequiredNote, requiredLabel, SuccessPanel } from './form';
export { formatDate, formatDateTime, personLabel, shortId } from './format';
export { formatListHash, type ListHashState, parseListHash, withFilters, withPage } from './list-hash';
export { ListPage } from './list-page';
export { ConfirmDialog, Modal } from './modal';
export { ListFooter, Pager, PageSizeSelect } from './pager';
export { pageCount, pageOffset, pagerPages, showsPageSize } from './pagination';
export {
  localPickerSource,
  type PickerPage,
  type PickerRequest,
  type PickerSource,
  pickerQuery,
  type SelectionOption,
} from './picker-logic';
export { peoplePage } from './picker-people';
export { PrintInfoButton } from './print-info-button';
export { mayCall, roleScope } from './role-scope';
export { SearchBox } from './search-box';
export { SelectionList } from './selection-list';
export { ServerErrors } from './server-errors';
export { ShortId } from './short-id';
export { StatusBadge } from './status-badge';
export { type SelectionKind, storedSelection } from './stored-selection';
export { UnsavedChangesGuard } from './unsaved-changes-guard';
export { type ListHash, type ListHashOptions, useListHash } from './use-list-hash';
export { useDebounced, usePickerOptions } from './use-picker-options';
export { validateImage } from './validate-image';
export { useWizard, WizardButtons, WizardFrame, WizardSteps } from './wizard';
export { clampStep } from './wizard-state';

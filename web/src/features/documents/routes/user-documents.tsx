import { DocumentBrowser } from '../components/document-browser';

/**
 * /documents_user/{uuid}: the user document browser. The address carries the level (its search), so a folder's
 * address opened anew (a new tab, a reload, a bookmark) shows that folder; the API decides what the user may see.
 */
export function UserDocumentsRoute() {
  return <DocumentBrowser admin={false} />;
}

import { DocumentBrowser } from '../components/document-browser';

/** /admin/documents/{uuid|root}: the admin document manager (portal §2). */
export function AdminDocumentsRoute() {
  return <DocumentBrowser admin />;
}

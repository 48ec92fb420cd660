import { Navigate, useLocation, useParams } from 'react-router-dom';
import { DocumentBrowser } from '../components/document-browser';

/**
 * /documents_user/{uuid}: the user document browser. A non-root address on first load (typed, reloaded or bookmarked)
 * goes to the root (portal §2); levels reached by clicking carry their place in the history entry.
 */
export function UserDocumentsRoute() {
  const { uuid } = useParams();
  const location = useLocation();
  const fromBrowser = (location.state as { documentsNav?: boolean } | null)?.documentsNav === true;
  if (uuid !== 'root' && !fromBrowser) return <Navigate to="/documents_user/root" replace />;
  return <DocumentBrowser admin={false} />;
}

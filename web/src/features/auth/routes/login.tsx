import { useEffect } from 'react';
import { Alert } from '@/components/ui/light/alert';
import { PageLoader } from '@/components/ui/page-loader';
import { BrandedLogin } from '@/features/auth/components/branded-login';
import { PlainLogin } from '@/features/auth/components/plain-login';
import { brandLoginPage, useBranding } from '@/lib/branding';
import { useSession } from '@/lib/session';

/**
 * / , /login and /admin for visitors. Asks for this origin's branding first (a stored one shows meanwhile): branded
 * login when a project serves this origin, plain login otherwise. A forced sign-out's message shows above the form.
 */
export function LoginRoute() {
  const { site, checked } = useBranding();
  const { notice } = useSession();

  useEffect(() => {
    void brandLoginPage();
  }, []);

  const noticeAlert = notice ? (
    <Alert variation="warning" testId="session-notice">
      {notice}
    </Alert>
  ) : null;
  if (!site && !checked) return <PageLoader />;
  return site ? <BrandedLogin site={site} notice={noticeAlert} /> : <PlainLogin notice={noticeAlert} />;
}

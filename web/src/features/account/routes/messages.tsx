import { es } from '@shared/i18n/es';
import { useLocation } from 'react-router-dom';
import { MessagePage } from '@/features/account/components/message-page';

const t = es.account;
const toLogin = { label: t.goToLogin, to: '/' };

/** /expiredToken: a mailed link that is unknown, used or expired. */
export function ExpiredTokenRoute() {
  const used = (useLocation().state as { used?: boolean } | null)?.used === true;
  const words = used ? t.usedInvitation : t.expiredToken;
  return <MessagePage title={words.title} text={words.text} action={toLogin} testId="expired-token" />;
}

/** /successRegister: the account of an invitation is ready. */
export function SuccessRegisterRoute() {
  return <MessagePage title={t.successRegister.title} text={t.successRegister.text} action={toLogin} />;
}

/** /SuccessEmail: the request was taken; the link goes only to a registered address, and the page does not say which. */
export function SuccessEmailRoute() {
  return <MessagePage title={t.successEmail.title} text={t.successEmail.text} action={toLogin} />;
}

/** /SuccessResetPass: the new password is set. */
export function SuccessResetPassRoute() {
  return <MessagePage title={t.successReset.title} text={t.successReset.text} action={toLogin} />;
}

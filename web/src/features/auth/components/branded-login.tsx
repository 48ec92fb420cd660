// Only the sign-in texts: /login's first load stays free of the other screens' texts.
import * as es from '@shared/i18n/es/auth';
import { MICROSOFT_START_PATH } from '@shared/microsoft';
import { type ReactNode, useEffect } from 'react';
// The file alone, not the admin index: the login's first load stays small.
import { brandAccentStyle, brandPanelStyle } from '@/components/admin/brand-style';
import { Heading } from '@/components/ui/light/heading';
import { Stack } from '@/components/ui/light/stack';
import { Text } from '@/components/ui/light/text';
import type { SiteData } from '@/lib/branding';
import { LoginForm } from './login-form';

/** The Microsoft logo's four squares. */
function MicrosoftMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 21 21" width="1.1em" height="1.1em">
      <path d="M0 0h10v10H0z" fill="#F25022" />
      <path d="M11 0h10v10H11z" fill="#7FBA00" />
      <path d="M0 11h10v10H0z" fill="#00A4EF" />
      <path d="M11 11h10v10H11z" fill="#FFB900" />
    </svg>
  );
}

const divider = <hr className="amplify-divider amplify-divider--horizontal" style={{ flex: 1 }} />;

/** The page's meta description is the project's; the title and icon are set by the app provider. */
function useMetaDescription(content: string) {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = content;
  }, [content]);
}

/**
 * The login of a branded project (portal spec §2): logo (or the header title), 'Ingresa a tu cuenta', the form with
 * 'Recordarme', a single-sign-on block and a footer with the current year. Everything the firm uploads is used:
 * the background image under the brand panel, both colours, the logo on the panel and the card, the icon
 * as favicon, the site title and description. 'Ingresar con Microsoft' shows where the firm turned Microsoft sign-in
 * on (its SUPER_ADMIN, in the project's 'Inicio de sesión'); it starts the flow on this firm's portal only.
 */
export function BrandedLogin({ site, notice }: { site: SiteData; notice: ReactNode }) {
  const year = new Date().getFullYear();
  const inverse = { color: '#fff' };
  useMetaDescription(site.meta_content);
  return (
    <Stack as="main" gap="xs" className="portal-branded-login" style={{ minHeight: '100vh', gap: 0 }}>
      <div className="amplify-flex" style={{ flex: 1, flexWrap: 'wrap' }}>
        <Stack
          className="portal-brand-panel"
          gap="small"
          style={{
            justifyContent: 'center',
            padding: 'var(--amplify-space-xxl)',
            ...brandPanelStyle({ primary: site.primary_color, secondary: site.secondary_color, image: site.image }),
          }}
        >
          <Heading level={2} style={inverse}>
            {site.header_title || site.project_name}
          </Heading>
          {site.subtitle ? <Text style={inverse}>{site.subtitle}</Text> : null}
        </Stack>
        <div
          className="amplify-flex portal-login-side"
          style={{ flex: 1, justifyContent: 'center', alignItems: 'center', padding: 'var(--amplify-space-large)' }}
        >
          <div
            className="amplify-card"
            style={{
              width: '100%',
              maxWidth: '26rem',
              padding: 'var(--amplify-space-large)',
              ...brandAccentStyle(site.secondary_color),
            }}
          >
            <Stack gap="large">
              {site.logo ? (
                <img
                  className="amplify-image"
                  src={site.logo}
                  alt={es.login.logoAlt(site.project_name)}
                  style={{ maxHeight: '64px', objectFit: 'contain' }}
                />
              ) : null}
              <Heading level={1} style={{ fontSize: 'var(--amplify-font-sizes-xxl)' }}>
                {es.login.brandedTitle}
              </Heading>
              {notice}
              <LoginForm branded />
              {site.microsoft_sign_in ? (
                <>
                  <div className="amplify-flex" style={{ alignItems: 'center', gap: 'var(--amplify-space-small)' }}>
                    {divider}
                    <Text
                      style={{
                        fontSize: 'var(--amplify-font-sizes-small)',
                        color: 'var(--amplify-colors-font-tertiary)',
                      }}
                    >
                      {es.login.ssoDivider}
                    </Text>
                    {divider}
                  </div>
                  {/* A plain navigation: the API answers with the redirect to the firm's Microsoft sign-in. */}
                  <a
                    href={MICROSOFT_START_PATH}
                    className="amplify-button amplify-field-group__control amplify-button--fullwidth"
                    style={{ gap: 'var(--amplify-space-xs)', textDecoration: 'none' }}
                  >
                    <MicrosoftMark />
                    {es.login.ssoMicrosoft}
                  </a>
                </>
              ) : null}
            </Stack>
          </div>
        </div>
      </div>
      <footer style={{ padding: 'var(--amplify-space-medium)', textAlign: 'center' }}>
        <Text style={{ fontSize: 'var(--amplify-font-sizes-small)', color: 'var(--amplify-colors-font-tertiary)' }}>
          {es.login.footer(year, site.footer_disclaimer ?? '')}
        </Text>
      </footer>
    </Stack>
  );
}

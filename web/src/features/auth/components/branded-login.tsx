import { Badge, Button, Card, Divider, Flex, Heading, Image, Text, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import type { ReactNode } from 'react';
import { MicrosoftMark } from '@/components/ui/icons';
import type { SiteData } from '@/lib/branding';
import { LoginForm } from './login-form';

/**
 * The login of a branded project (portal spec §2): logo (or the header title), 'Ingresa a tu cuenta', the form with
 * 'Recordarme', a single-sign-on block and a footer with the current year. The Microsoft sign-in's flow is not
 * specified yet, so its button is shown disabled and marked 'Próximamente'.
 */
export function BrandedLogin({ site, notice }: { site: SiteData; notice: ReactNode }) {
  const year = new Date().getFullYear();
  return (
    <Flex as="main" direction="column" minHeight="100vh" className="portal-branded-login">
      <Flex flex="1" wrap="wrap">
        <Flex
          className="portal-brand-panel"
          direction="column"
          justifyContent="center"
          gap="small"
          padding="xxl"
          backgroundColor="primary.80"
          color="font.inverse"
        >
          <Heading level={2} color="font.inverse">
            {site.header_title || site.project_name}
          </Heading>
          {site.subtitle ? <Text color="font.inverse">{site.subtitle}</Text> : null}
        </Flex>
        <Flex flex="1" justifyContent="center" alignItems="center" padding="large" className="portal-login-side">
          <Card width="100%" maxWidth="26rem" padding="large">
            <Flex direction="column" gap="large">
              {site.logo ? (
                <Image src={site.logo} alt={es.login.logoAlt(site.project_name)} maxHeight="64px" objectFit="contain" />
              ) : null}
              <Heading level={1} fontSize="xxl">
                {es.login.brandedTitle}
              </Heading>
              {notice}
              <LoginForm branded />
              <Flex alignItems="center" gap="small">
                <Divider flex="1" />
                <Text fontSize="small" color="font.tertiary">
                  {es.login.ssoDivider}
                </Text>
                <Divider flex="1" />
              </Flex>
              <Flex direction="column" alignItems="center" gap="xs">
                <Button isFullWidth isDisabled gap="small">
                  <MicrosoftMark />
                  {es.login.ssoMicrosoft}
                </Button>
                <Badge size="small">{es.login.ssoSoon}</Badge>
              </Flex>
            </Flex>
          </Card>
        </Flex>
      </Flex>
      <View as="footer" padding="medium" textAlign="center">
        <Text fontSize="small" color="font.tertiary">
          {es.login.footer(year, site.footer_disclaimer ?? '')}
        </Text>
      </View>
    </Flex>
  );
}

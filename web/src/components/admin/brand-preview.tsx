import { Flex, Heading, Image, Text, View } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';
import { brandAccentStyle, brandPanelStyle, textOn } from './brand-style';

/** A URL for a file just chosen (revoked when it changes), else the stored one. */
export function useImageUrl(file: File | null, stored: string | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url ?? stored ?? null;
}

export interface BrandPreviewProps {
  projectName: string;
  metaTitle: string;
  headerTitle: string;
  subtitle: string;
  footer: string;
  primary: string;
  secondary: string;
  logo: string | null;
  icon: string | null;
  image: string | null;
}

/**
 * The branded login in small, as the wizard's 'Diseño' step is filled: the browser tab (icon and site
 * title), the brand panel (background image, both colours, header title, subtitle) and the card (logo, title, a
 * button in the primary colour), painted by the same brand-style as the login itself.
 */
export function BrandPreview(props: BrandPreviewProps) {
  const t = es.adminUi.brandPreview;
  const title = props.metaTitle.trim() || props.projectName.trim() || t.untitled;
  // Texts on the brand colour stay readable whatever colour the firm picks.
  const onPrimary = textOn(props.primary);
  return (
    <View
      as="figure"
      margin="0"
      border="1px solid"
      borderColor="border.primary"
      borderRadius="medium"
      overflow="hidden"
      aria-label={t.label}
      data-testid="brand-preview"
    >
      <Flex alignItems="center" gap="xs" padding="xs" backgroundColor="background.tertiary">
        {props.icon ? <Image src={props.icon} alt={t.icon} width="16px" height="16px" /> : null}
        <Text fontSize="small" data-testid="brand-preview-title">
          {title}
        </Text>
      </Flex>
      <Flex wrap="wrap" gap="0">
        <Flex
          direction="column"
          justifyContent="center"
          gap="xs"
          padding="large"
          flex="1 1 12rem"
          minHeight="10rem"
          style={{
            ...brandPanelStyle({ primary: props.primary, secondary: props.secondary, image: props.image }),
            color: onPrimary,
          }}
        >
          <Heading level={4} style={{ color: onPrimary }}>
            {props.headerTitle.trim() || props.projectName.trim() || t.untitled}
          </Heading>
          {props.subtitle.trim() ? <Text style={{ color: onPrimary }}>{props.subtitle}</Text> : null}
        </Flex>
        <Flex flex="1 1 12rem" justifyContent="center" alignItems="center" padding="medium">
          <Flex
            direction="column"
            gap="small"
            padding="medium"
            width="100%"
            backgroundColor="background.primary"
            borderRadius="small"
            style={{ boxShadow: '0 1px 4px rgba(0,0,0,.15)', ...brandAccentStyle(props.secondary) }}
          >
            {props.logo ? <Image src={props.logo} alt={t.logo} maxHeight="40px" objectFit="contain" /> : null}
            <Text fontWeight="bold">{t.loginTitle}</Text>
            <View height="0.75rem" backgroundColor="background.tertiary" borderRadius="small" />
            <View height="0.75rem" backgroundColor="background.tertiary" borderRadius="small" />
            <View
              as="span"
              padding="xs"
              borderRadius="small"
              textAlign="center"
              fontSize="small"
              style={{ backgroundColor: props.primary, color: onPrimary }}
            >
              {t.button}
            </View>
          </Flex>
        </Flex>
      </Flex>
      {props.footer.trim() ? (
        <Text as="figcaption" fontSize="xs" padding="xs" textAlign="center" color="font.tertiary">
          {props.footer}
        </Text>
      ) : null}
    </View>
  );
}

import type { CSSProperties } from 'react';
import { luminance } from '@/lib/theme';

/**
 * How a project's branding paints the login's brand panel, shared by the login itself (features/auth) and the live
 * preview of the wizard's 'Diseño' step, so the preview is the login (the uploaded background was never
 * shown and the secondary colour was used nowhere). Kept light: the login's first load carries it.
 *
 * The background image, when there is one, lies under a veil of the primary colour so the white texts stay readable;
 * without one, the panel blends the primary colour into the secondary.
 */
export interface BrandLook {
  primary: string;
  secondary: string;
  /** URL of the background image (a stored one, or an object URL of a file just chosen). */
  image?: string | null;
}

export function brandPanelStyle({ primary, secondary, image }: BrandLook): CSSProperties {
  const blend = `linear-gradient(135deg, ${primary} 0%, ${primary} 45%, ${secondary} 140%)`;
  const veil = `linear-gradient(135deg, ${primary}cc 0%, ${primary}99 60%, ${secondary}99 120%)`;
  return {
    backgroundColor: primary,
    backgroundImage: image ? `${veil}, url("${image.replace(/"/g, '%22')}")` : blend,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
    color: '#fff',
  };
}

/** The accent of the secondary colour on the login card's top edge. */
export const brandAccentStyle = (secondary: string): CSSProperties => ({ borderTop: `4px solid ${secondary}` });

/**
 * The text colour that reads on a brand colour: white, unless the colour is light enough that near-black contrasts
 * more (a firm may choose a pale primary, such as the wizard's default; the bar is no serious axe violation).
 */
export function textOn(background: string): string {
  const l = luminance(background);
  if (l === undefined) return '#fff';
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / 0.05;
  return onWhite >= onDark ? '#fff' : '#0d1a26';
}

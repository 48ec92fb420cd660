import { es } from '@shared/i18n/es';
import { useEffect, useState } from 'react';

/** Portal §9: the promotional text changes every 7 s with a 1.5 s fade. */
export const PROMO_INTERVAL_MS = 7_000;
export const PROMO_FADE_MS = 1_500;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * The rotating promotional text. It fades out, changes and fades in over 1.5 s every 7 s; with reduced motion asked
 * for, the text changes without any fade. Screen readers are not interrupted by the changes (no live region).
 */
export function PromoRotator() {
  const texts = es.homePage.promotions;
  const [index, setIndex] = useState(0);
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const reduced = prefersReducedMotion();
    let fadeTimer: ReturnType<typeof setTimeout> | undefined;
    const timer = setInterval(() => {
      if (reduced) {
        setIndex((i) => (i + 1) % texts.length);
        return;
      }
      // Half the fade out, the text changes, half the fade in.
      setVisible(false);
      fadeTimer = setTimeout(() => {
        setIndex((i) => (i + 1) % texts.length);
        setVisible(true);
      }, PROMO_FADE_MS / 2);
    }, PROMO_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(fadeTimer);
    };
  }, [texts.length]);

  return (
    <p
      className="home-promo"
      data-visible={visible}
      aria-roledescription={es.homePage.promotionsLabel}
      style={{ transitionDuration: `${PROMO_FADE_MS / 2}ms` }}
    >
      {texts[index]}
    </p>
  );
}

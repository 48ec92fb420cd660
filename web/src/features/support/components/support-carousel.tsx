import { Button, Flex } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { type ReactNode, useId } from 'react';

const t = es.support;

/**
 * A two-slide carousel (portal spec §2): one slide at a time, fading in (support.css), moved with the previous/next
 * buttons or the slide buttons; each slide is a labelled group so screen readers know where they are.
 */
export function SupportCarousel({
  slides,
  current,
  onChange,
}: {
  slides: Array<{ label: string; content: ReactNode }>;
  current: number;
  onChange: (index: number) => void;
}) {
  const id = useId();
  const slide = slides[current];
  return (
    <section aria-roledescription="carrusel" aria-label={t.carouselLabel} className="support-carousel">
      <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap" marginBottom="medium">
        <Button size="small" onClick={() => onChange((current + slides.length - 1) % slides.length)} aria-controls={id}>
          {t.previous}
        </Button>
        <div className="support-dots">
          {slides.map((s, index) => (
            <Button
              key={s.label}
              size="small"
              variation={index === current ? 'primary' : 'menu'}
              aria-pressed={index === current}
              aria-controls={id}
              onClick={() => onChange(index)}
            >
              {s.label}
            </Button>
          ))}
        </div>
        <Button size="small" onClick={() => onChange((current + 1) % slides.length)} aria-controls={id}>
          {t.next}
        </Button>
      </Flex>
      {slide ? (
        <section
          id={id}
          key={current}
          aria-roledescription="diapositiva"
          aria-label={`${current + 1} de ${slides.length}: ${slide.label}`}
          className="support-slide"
          data-slide={current + 1}
        >
          {slide.content}
        </section>
      ) : null}
    </section>
  );
}

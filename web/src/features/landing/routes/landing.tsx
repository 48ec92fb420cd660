import '@/features/landing/landing.css';
import { Alert, Button, Card, Flex, Heading, Image, Link, Text } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ContactModal } from '@/features/landing/components/contact-modal';
import { HERO_IMAGES, SOLUTION_IMAGE } from '@/features/landing/lib/hero-images';
import { heroIndexFor } from '@/features/landing/lib/iso-week';
import { SOLID_AFTER_PX, useScrolledPast, useSeenOnce } from '@/features/landing/lib/use-landing-effects';
import { brandLoginPage, useBranding } from '@/lib/branding';
import { useSession } from '@/lib/session';

const t = es.landing;

/**
 * / for visitors (portal spec §1, §2): hero with 'Ingresar' and the demo booking, the cloud solution, the features,
 * 'Informacion de interes', and a footer with the project's support phone and e-mail from its branding. A forced
 * sign-out lands here, so its notice shows here too.
 */
export function LandingRoute() {
  const navigate = useNavigate();
  const { site } = useBranding();
  const { notice } = useSession();
  const solid = useScrolledPast(SOLID_AFTER_PX);
  const solutionRef = useRef<HTMLImageElement>(null);
  const turned = useSeenOnce(solutionRef);
  const [contact, setContact] = useState<{ open: boolean; subject: string }>({ open: false, subject: '' });
  const [sent, setSent] = useState(false);
  // The banner sits under the hero: on a phone it is brought into view, or nobody sees that the message went.
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!sent) return;
    sentRef.current?.scrollIntoView({ block: 'center' });
    sentRef.current?.focus({ preventScroll: true });
  }, [sent]);
  const heroIndex = heroIndexFor(new Date());
  const name = site?.header_title || site?.project_name || es.app.title;

  useEffect(() => {
    void brandLoginPage();
  }, []);

  const openContact = (subject = '') => {
    setSent(false);
    setContact({ open: true, subject });
  };

  return (
    <div className="landing">
      <header className="landing-nav" data-solid={solid} data-testid="landing-nav">
        <a className="landing-brand" href="#inicio">
          {name}
        </a>
        <nav aria-label={t.nav} className="landing-nav-links">
          <a className="landing-anchor" href="#solucion">
            {t.solutionTitle}
          </a>
          <a className="landing-anchor" href="#caracteristicas">
            {t.featuresTitle}
          </a>
          <Button variation="link" size="small" onClick={() => openContact()}>
            {t.contact}
          </Button>
        </nav>
      </header>
      <main>
        <section
          id="inicio"
          className="landing-hero"
          data-hero={heroIndex + 1}
          style={{ backgroundImage: `url("${HERO_IMAGES[heroIndex]}")` }}
        >
          <div className="landing-hero-text">
            {notice ? (
              <Alert variation="warning" data-testid="session-notice" marginBottom="medium">
                {notice}
              </Alert>
            ) : null}
            <Heading level={1} fontSize="xxxl">
              {t.heroTitle}
            </Heading>
            <Text fontSize="large" marginBlock="medium">
              {t.heroText}
            </Text>
            <Button variation="primary" size="large" onClick={() => navigate('/login')}>
              {t.signIn}
            </Button>
          </div>
          <Card className="landing-demo" variation="elevated">
            <Flex direction="column" gap="small">
              <Heading level={2}>{t.demoTitle}</Heading>
              <Text>{t.demoText}</Text>
              <Button onClick={() => openContact(t.demoSubject)}>{t.demoAction}</Button>
            </Flex>
          </Card>
        </section>
        {sent ? (
          <Alert
            ref={sentRef}
            tabIndex={-1}
            variation="success"
            role="status"
            className="landing-section"
            data-testid="contact-sent"
          >
            {t.contactSent}
          </Alert>
        ) : null}
        <section id="solucion" className="landing-section landing-solution">
          <div>
            <Heading level={2}>{t.solutionTitle}</Heading>
            <Text marginTop="small">{t.solutionText}</Text>
          </div>
          <div>
            <Image
              ref={solutionRef}
              src={SOLUTION_IMAGE}
              alt={t.solutionImageAlt}
              className="landing-solution-image"
              data-turned={turned}
              data-testid="solution-image"
            />
          </div>
        </section>
        <section id="caracteristicas" className="landing-section">
          <Heading level={2} marginBottom="medium">
            {t.featuresTitle}
          </Heading>
          <ul className="landing-grid">
            {t.features.map((feature) => (
              <li key={feature.title}>
                <Card variation="outlined" height="100%">
                  <Heading level={3} fontSize="large">
                    {feature.title}
                  </Heading>
                  <Text marginTop="xs">{feature.text}</Text>
                </Card>
              </li>
            ))}
          </ul>
        </section>
        <section id="informacion" className="landing-section">
          <Heading level={2} marginBottom="medium">
            {t.infoTitle}
          </Heading>
          <ul className="landing-grid">
            {t.info.map((card) => (
              <li key={card.title}>
                <Card variation="elevated" height="100%">
                  <Heading level={3} fontSize="large">
                    {card.title}
                  </Heading>
                  <Text marginTop="xs">{card.text}</Text>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="landing-footer">
        <div>
          <Heading level={2} fontSize="large">
            {t.footerSupport}
          </Heading>
          {site?.contact_phone ? (
            <Text>
              {t.footerPhone}:{' '}
              <Link href={`tel:${site.contact_phone}`} data-testid="footer-phone">
                {site.contact_phone}
              </Link>
            </Text>
          ) : null}
          {site?.contact_email ? (
            <Text>
              {t.footerEmail}:{' '}
              <Link href={`mailto:${site.contact_email}`} data-testid="footer-email">
                {site.contact_email}
              </Link>
            </Text>
          ) : null}
          {/* The portal's generic address has no firm's contacts: the contact form still reaches whoever runs it. */}
          {site?.contact_phone || site?.contact_email ? null : (
            <Button variation="link" padding="0" onClick={() => openContact()} data-testid="footer-contact">
              {t.footerWrite}
            </Button>
          )}
        </div>
        <Text alignSelf="flex-end">{t.footerRights(new Date().getFullYear(), site?.project_name ?? name)}</Text>
      </footer>
      <ContactModal
        open={contact.open}
        initialSubject={contact.subject}
        onClose={() => setContact((value) => ({ ...value, open: false }))}
        onSent={() => setSent(true)}
      />
    </div>
  );
}

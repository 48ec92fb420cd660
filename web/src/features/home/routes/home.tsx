import { Placeholder } from '@aws-amplify/ui-react';
import { es } from '@shared/i18n/es';
import { SelectionPicker } from '@/components/ui/selection-picker';
import { useWelcomeTimeLeft, WelcomeScreen } from '@/components/ui/welcome-screen';
import { useSession } from '@/lib/session';
import { useIndicators } from '../api/get-indicators';
import { IndicatorsPanel } from '../components/indicators-panel';
import { OpenRequestsCard } from '../components/open-requests-card';
import { PromoRotator } from '../components/promo-rotator';
import { TaxMonthCard } from '../components/tax-month-card';
import '../home.css';

/**
 * /home (portal §2 Home): the greeting, the rotating promotional text, a client's open requests, the per-role
 * selection, the month's tax deadlines, an admin's count of open requests and the currency indicators. While the
 * indicators load the welcome screen shows in their place, for at most 4.5 s from the page load; after that the boxes
 * show their placeholders until the answer arrives.
 */
export function HomeRoute() {
  const { profile } = useSession();
  const indicators = useIndicators();
  const welcomeTimeLeft = useWelcomeTimeLeft();
  const loading = indicators.isPending || !profile;
  const role = profile?.profile.user_role;
  const client = role === 'USER_GROUP' || role === 'USER_SOCIETY';

  return (
    <section className="home" aria-labelledby="home-greeting">
      <header className="home-header">
        {profile ? (
          <h1 id="home-greeting" className="home-greeting">
            {es.home.greeting(profile.user.first_name)}
          </h1>
        ) : (
          <Placeholder size="large" width="12rem" />
        )}
        <p className="home-welcome">{es.home.welcome}</p>
        <PromoRotator />
      </header>
      {/* A client's open requests come first: what the firm is waiting for. */}
      {profile && client ? <OpenRequestsCard client /> : null}
      <SelectionPicker profile={profile} className="home-selection" />
      <TaxMonthCard />
      {/* A firm admin's count of its open requests (the super admin's board is per project: its sidebar leads there). */}
      {profile && !client && role !== 'SUPER_ADMIN' ? <OpenRequestsCard client={false} /> : null}
      {loading && welcomeTimeLeft ? (
        <WelcomeScreen inline />
      ) : indicators.isPending ? (
        <div className="home-indicator-grid" aria-busy="true">
          {[1, 2, 3, 4, 5].map((n) => (
            <Placeholder key={n} height="8rem" />
          ))}
        </div>
      ) : (
        <IndicatorsPanel indicators={indicators} />
      )}
    </section>
  );
}

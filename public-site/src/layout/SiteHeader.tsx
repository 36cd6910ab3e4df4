import { useBusinessProfile } from '../profile/business-profile.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { PhoneLink } from './PhoneLink.tsx';
import { SiteNav, type SitePage } from './SiteNav.tsx';

export function SiteHeader({ current }: { current?: SitePage }) {
  const profile = useBusinessProfile();
  return (
    <header className="site-header">
      {/* The placeholder keeps the header's height, so the page does not jump when the name arrives. */}
      <a className="site-header__name" href="/">
        {profile?.businessName ?? <span className="placeholder" aria-hidden="true" />}
      </a>
      {profile && <PhoneLink phone={profile.phone} className="site-header__phone" />}
      <SiteNav current={current} />
      <LanguageSwitch />
    </header>
  );
}

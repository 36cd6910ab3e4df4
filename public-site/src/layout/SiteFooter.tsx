import { useBusinessProfile } from '../profile/business-profile.tsx';
import { t } from '../i18n/i18n.ts';
import { PhoneLink } from './PhoneLink.tsx';

export function SiteFooter() {
  const profile = useBusinessProfile();
  if (!profile) return <footer className="site-footer" />;
  return (
    <footer className="site-footer">
      <p>
        <strong>{profile.businessName}</strong> · <PhoneLink phone={profile.phone} />
      </p>
      {profile.serviceArea && <p>{t('layout.serving', { area: profile.serviceArea })}</p>}
    </footer>
  );
}

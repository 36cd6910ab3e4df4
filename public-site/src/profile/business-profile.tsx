import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { PROFILE_DATA_ID, type PublicProfile } from '@washdesk/contract';

// A shape check by hand instead of the contract's zod schema keeps zod out of the public bundle;
// a profile without a name or phone is simply not shown.
const looksLikeProfile = (value: unknown): value is PublicProfile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PublicProfile).businessName === 'string' &&
  typeof (value as PublicProfile).phone === 'string';

async function fetchBusinessProfile(signal: AbortSignal): Promise<PublicProfile> {
  const response = await fetch('/api/public/profile', { credentials: 'include', signal });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()) || response.statusText}`);
  const body: unknown = await response.json();
  if (!looksLikeProfile(body)) throw new Error('Unexpected business profile');
  return body;
}

/**
 * The profile the server put in the page beside the prerendered HTML (see the contract's
 * prerendered-page.ts). Hydrating with it renders exactly what the HTML shows. Null under the
 * Vite dev server, which serves the bare index.html.
 */
function profileInThePage(): PublicProfile | null {
  const data = typeof document === 'undefined' ? null : document.getElementById(PROFILE_DATA_ID);
  if (!data?.textContent) return null;
  try {
    const value: unknown = JSON.parse(data.textContent);
    return looksLikeProfile(value) ? value : null;
  } catch {
    return null;
  }
}

const BusinessProfileContext = createContext<PublicProfile | null>(null);

interface BusinessProfileProviderProps {
  /** Prerendering passes the stand-ins; in the browser the page (or the API) has the profile. */
  profile?: PublicProfile;
  children: ReactNode;
}

/** The business's name and contact details; the server owns them, never this code. */
export function BusinessProfileProvider({ profile: given, children }: BusinessProfileProviderProps) {
  const [profile, setProfile] = useState<PublicProfile | null>(() => given ?? profileInThePage());
  const known = profile !== null;
  useEffect(() => {
    if (known) return;
    const controller = new AbortController();
    // Every page works without these details, so loading and failure both just leave them out.
    fetchBusinessProfile(controller.signal).then(setProfile, () => setProfile(null));
    return () => controller.abort();
  }, [known]);
  return <BusinessProfileContext value={profile}>{children}</BusinessProfileContext>;
}

/** The business profile, or null while it loads or when it could not be loaded. */
export const useBusinessProfile = () => useContext(BusinessProfileContext);

import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { PublicProfile } from '@washdesk/contract';

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

const BusinessProfileContext = createContext<PublicProfile | null>(null);

/** Loads the business's name and contact details once; the server owns them, never this code. */
export function BusinessProfileProvider({ children }: { children: ReactNode }) {
  const [profile, setProfile] = useState<PublicProfile | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    // Every page works without these details, so loading and failure both just leave them out.
    fetchBusinessProfile(controller.signal).then(setProfile, () => setProfile(null));
    return () => controller.abort();
  }, []);
  return <BusinessProfileContext value={profile}>{children}</BusinessProfileContext>;
}

/** The business profile, or null while it loads or when it could not be loaded. */
export const useBusinessProfile = () => useContext(BusinessProfileContext);

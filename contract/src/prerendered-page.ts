import { FOLLOW_UP_HOURS, SERVICE_RADIUS_MILES } from './prices.ts';
import type { PublicProfile } from './profile.ts';
import { dialablePhone } from './phone-number.ts';
import { DEFAULT_LANGUAGE, type Language } from './language.ts';

/**
 * The public pages are rendered to HTML at build time, but the business's details come from the
 * server's config at run time. The build renders them with these stand-ins; the server swaps in
 * the real details (fillBusinessProfile) and puts the same profile in the page as JSON
 * (PROFILE_DATA_ID), which the page hydrates with, so the first paint needs no script and the
 * browser's first render matches the HTML exactly.
 *
 * Each stand-in survives every way a component turns it into markup: HTML escaping changes none
 * of these characters, and the phone stand-in is already dialable (only + and digits).
 */
export const PROFILE_STAND_INS: PublicProfile = {
  businessName: 'WASHDESK_STAND_IN_BUSINESS_NAME',
  phone: '+0009990001112223334',
  email: 'washdesk-stand-in-email@example.invalid',
  serviceArea: 'WASHDESK_STAND_IN_SERVICE_AREA',
  schedulingCalendarUrl: 'https://washdesk-stand-in-calendar.example.invalid/',
  serviceRadiusMiles: SERVICE_RADIUS_MILES,
  followUpHours: FOLLOW_UP_HOURS,
  instantQuotes: 'local-estimate',
};

/**
 * How instant quotes are made changes what a page says (an AI estimate or a rough one), and that
 * is not a text the server can swap in: the build renders a page once per way, and writes the
 * other way's file only where the page differs (the photo form, the quote tool and its embed).
 */
export const INSTANT_QUOTE_MODES = [
  'local-estimate',
  'ai-model',
] as const satisfies readonly PublicProfile['instantQuotes'][];

/** The file of a page's variant for one way of quoting; the first way keeps the plain name. */
export const pageVariantFile = (file: string, mode: PublicProfile['instantQuotes']) =>
  mode === INSTANT_QUOTE_MODES[0] ? file : file.replace(/\.html$/, `.${mode}.html`);

/**
 * The file of a page in one language (issue 37): English keeps the plain name, Spanish is
 * `.es.html`. A page's variant for a way of quoting goes on top (`pages/photo-form.es.ai-model.html`).
 */
export const pageLanguageFile = (file: string, language: Language) =>
  language === DEFAULT_LANGUAGE ? file : file.replace(/\.html$/, `.${language}.html`);

/**
 * Where the build puts a public page's HTML in public-site/dist (null: the 404 page); the
 * server reads the same place. `/` keeps index.html, as every static host expects.
 */
export const prerenderedPageFile = (page: string | null) =>
  page === null
    ? 'pages/404.html'
    : page === '/'
      ? 'index.html'
      : // A page with a value in its path (/quote/:token) has one file for every value.
        `pages${page.replace(/\/:\w+/g, '')}.html`;

/** The id of the `<script type="application/json">` element that carries the profile. */
export const PROFILE_DATA_ID = 'business-profile';


// React's own escaping of text and attribute values, so a filled page equals a rendered one.
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A prerendered page with the real business details in place of the stand-ins. */
export function fillBusinessProfile(html: string, profile: PublicProfile): string {
  const values = new Map<string, string>([
    // Before the bare phone: the phone stand-in is its own dialable form.
    [`tel:${PROFILE_STAND_INS.phone}`, `tel:${dialablePhone(profile.phone)}`],
    [PROFILE_STAND_INS.phone, profile.phone],
    [PROFILE_STAND_INS.businessName, profile.businessName],
    [PROFILE_STAND_INS.email, profile.email],
    [PROFILE_STAND_INS.serviceArea, profile.serviceArea],
    [PROFILE_STAND_INS.schedulingCalendarUrl, profile.schedulingCalendarUrl],
  ]);
  // One pass, so a business detail that happens to contain a stand-in is left as it is.
  const standIns = new RegExp([...values.keys()].map((s) => s.replace(/[.+]/g, '\\$&')).join('|'), 'g');
  return html.replace(standIns, (standIn) => escapeHtml(values.get(standIn)!));
}

/** The profile as inert JSON for the page (never executed, so the CSP allows it). */
export const profileDataElement = (profile: PublicProfile) =>
  `<script type="application/json" id="${PROFILE_DATA_ID}">${JSON.stringify(profile).replace(/</g, '\\u003c')}</script>`;

import { shell } from 'electron';

const EXTERNAL_PROTOCOLS = new Set(['https:', 'mailto:', 'tel:', 'sms:']);

/**
 * Whether a link may leave the app: https, mailto, tel and sms (the "Contact" menus), plus pages of the configured Washdesk
 * server (the Quote Tool entry links to the public site, which may be plain http on the LAN).
 * Everything else (file:, javascript:, custom schemes, other http sites) is refused.
 */
export function isAllowedExternalUrl(rawUrl: string, serverUrl: URL): boolean {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return false;
  }
  return EXTERNAL_PROTOCOLS.has(url.protocol) || url.origin === serverUrl.origin;
}

/** Opens the link in the system's browser, mail or phone app, if it is allowed at all. */
export function openExternalIfAllowed(rawUrl: string, serverUrl: URL): void {
  if (isAllowedExternalUrl(rawUrl, serverUrl)) void shell.openExternal(new URL(rawUrl).toString());
}

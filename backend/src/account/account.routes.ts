import { Router, type Request, type Response } from 'express';
import {
  ACCOUNT_COOKIE,
  ACCOUNT_SESSION_DAYS,
  ACCOUNT_TEXTS,
  accountContactSchema,
  accountLinkRequestSchema,
  accountMessageSchema,
  accountOpenSchema,
  accountSessionRequestSchema,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import { isSameOrigin, readCookie, sessionCookieOptions } from '../auth/staff-session.ts';
import { HttpError, parseWith } from '../http/errors.ts';
import type { AccountService } from './account.service.ts';

// The customer's own page's API (issue 36), public through auth/public-routes.ts. The session is
// the customer's cookie; every change must come from our own pages (same origin, JSON only), so
// another site can neither sign a browser in nor post in its name.

const notSignedIn = () => new HttpError(401, 'sign_in_required', ACCOUNT_TEXTS.notSignedIn);
const crossSite = () => new HttpError(403, 'cross_site', 'This request must come from our own page');

/** The account's two checks: a change from our own page (JSON), and whose session this is. */
export function accountRequests(config: Config, service: Pick<AccountService, 'customerOfSession'>) {
  return {
    sameOrigin(req: Request) {
      if (!isSameOrigin(req, config) || !req.is('application/json')) throw crossSite();
    },
    customerOf(req: Request) {
      const id = service.customerOfSession(readCookie(req, ACCOUNT_COOKIE));
      if (id === null) throw notSignedIn();
      return id;
    },
  };
}

export function accountRoutes(config: Config, service: AccountService) {
  const router = Router();
  // The account's pages and API never tell another site where a visitor came from: a sign-in
  // link's key in the address must not leave in a Referer header.
  router.use(['/account', '/api/public/account'], (_req, res, next) => {
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  });
  const { sameOrigin, customerOf } = accountRequests(config, service);
  const clearCookie = (req: Request, res: Response) =>
    res.clearCookie(ACCOUNT_COOKIE, sessionCookieOptions(config, req));

  router.post('/api/public/account/link', async (req, res) => {
    sameOrigin(req);
    const { contact } = parseWith(accountLinkRequestSchema, req.body);
    service.requestLink(contact, req.ip ?? req.socket.remoteAddress ?? 'unknown');
    // The same answer whether or not the contact is known (the link, if any, is sent after it).
    res.status(202).json({ message: ACCOUNT_TEXTS.linkRequested });
  });

  // Reading a link's state spends nothing: the page offers Continue or a new link.
  router.get('/api/public/account/links/:token', (req, res) => {
    res.json({ state: service.linkState(String(req.params.token)) });
  });

  router.post('/api/public/account/session', (req, res) => {
    sameOrigin(req);
    const { token } = parseWith(accountSessionRequestSchema, req.body);
    const sessionToken = service.spend(token);
    if (!sessionToken) throw new HttpError(410, 'link_unusable', ACCOUNT_TEXTS.linkUnusable);
    res.cookie(ACCOUNT_COOKIE, sessionToken, {
      ...sessionCookieOptions(config, req),
      maxAge: ACCOUNT_SESSION_DAYS * 24 * 60 * 60 * 1000,
    });
    res.status(201).json({ signedIn: true });
  });

  router.get('/api/public/account', (req, res) => {
    const account = service.account(customerOf(req));
    if (!account) throw notSignedIn();
    res.setHeader('Cache-Control', 'no-store');
    res.json(account);
  });

  router.post('/api/public/account/messages', (req, res) => {
    sameOrigin(req);
    const customerId = customerOf(req);
    const { message } = parseWith(accountMessageSchema, req.body);
    service.message(customerId, message);
    res.status(201).json({ message: ACCOUNT_TEXTS.messageSent });
  });

  router.post('/api/public/account/open', (req, res) => {
    sameOrigin(req);
    const customerId = customerOf(req);
    const { kind, id } = parseWith(accountOpenSchema, req.body);
    res.json({ url: service.open(customerId, kind, id) });
  });

  router.post('/api/public/account/contact', (req, res) => {
    sameOrigin(req);
    const customerId = customerOf(req);
    const change = parseWith(accountContactSchema, req.body);
    service.changeContact(customerId, change);
    res.json({ message: ACCOUNT_TEXTS.contactSaved });
  });

  router.post('/api/public/account/sign-out', (req, res) => {
    sameOrigin(req);
    service.signOut(readCookie(req, ACCOUNT_COOKIE));
    clearCookie(req, res);
    res.json({ message: ACCOUNT_TEXTS.signedOut });
  });
  return router;
}

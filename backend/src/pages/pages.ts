import fs from 'node:fs';
import path from 'node:path';
import { Router, type Request, type Response } from 'express';
import {
  chooseLanguage,
  cookieValue,
  isAdminPage,
  LANGUAGE_COOKIE,
  LANGUAGE_QUERY,
  pageLanguageFile,
  NOT_FOUND_TEXT,
  pageVariantFile,
  prerenderedPageFile,
  publicPageOf,
  type PublicPage,
} from '@washdesk/contract';
import type { Config } from '../config.ts';
import { publicProfile } from '../profile/public-profile.ts';
import { builtFiles, sendBuiltFile } from './precompressed-files.ts';
import { publicPageHtml } from './public-page-html.ts';

/** When an app was not built, say so plainly instead of a blank page. */
const notBuilt = (res: Response, status: number, app: string) =>
  res
    .status(status === 200 ? 503 : status)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Washdesk</title></head>` +
        `<body><h1>${status === 404 ? NOT_FOUND_TEXT : 'Washdesk'}</h1>` +
        `<p>The ${app} is not built yet. Run <code>npm run build</code>, or start with <code>npm start</code>.</p></body></html>`,
    );

/**
 * Pages with a light build of their own, on Preact's core: the embeddable quote tool
 * (public-site/vite.embed.config.ts) and the customer's own pages (vite.account.config.ts).
 */
const OWN_BUILD_PAGES: Partial<Record<PublicPage, string>> = {
  '/embed/photo-quote': path.join('embed', 'embed.html'),
  '/account': path.join('account', 'account.html'),
  '/account/continue/:token': path.join('account', 'continue.html'),
};

/**
 * The built apps: the admin under /admin, the public site at /. A page path that neither app
 * knows gets the public site's 404 page with a real 404 status. Scripts, styles and HTML go out
 * brotli- or gzip-compressed when the browser takes it.
 */
export function pageRoutes(config: Config) {
  const router = Router();
  const profile = publicProfile(config);
  const publicPage = publicPageHtml(profile);

  router.use('/admin', builtFiles(config.adminDist));
  router.get(['/admin', '/admin/{*rest}'], (req, res) => {
    const pagePath = req.originalUrl.split('?')[0]!;
    const status = isAdminPage(pagePath) ? 200 : 404;
    sendBuiltFile(
      req,
      res,
      path.join(config.adminDist, 'index.html'),
      () => notBuilt(res, status, 'admin'),
      status,
    );
  });

  router.use(builtFiles(config.publicSiteDist));
  router.get('/{*rest}', (req: Request, res: Response) => {
    const page = publicPageOf(req.path);
    const dist = config.publicSiteDist;
    // Older builds lack a page's own build or the prerendered pages: fall back to the whole
    // site's index.html, which renders any page in the browser.
    // The page as this server quotes (AI or rough estimate) where the build made both.
    // In the visitor's language (issue 37: ?lang=, the remembered choice, Accept-Language), else
    // English, which every build has.
    const language = chooseLanguage({
      query: typeof req.query[LANGUAGE_QUERY] === 'string' ? req.query[LANGUAGE_QUERY] : null,
      remembered: cookieValue(req.headers.cookie, LANGUAGE_COOKIE),
      acceptLanguage: req.headers['accept-language'],
    });
    res.vary('Accept-Language').vary('Cookie');
    const inModes = (file: string) => [pageVariantFile(file, profile.instantQuotes), file];
    const prerendered = (file: string) => [
      ...(language === 'en' ? [] : inModes(pageLanguageFile(file, language))),
      ...inModes(file),
    ];
    const candidates = [
      ...(page && OWN_BUILD_PAGES[page] ? prerendered(OWN_BUILD_PAGES[page]) : []),
      ...prerendered(prerenderedPageFile(page)),
      'index.html',
    ].map((file) => path.join(dist, file));
    const status = page ? 200 : 404;
    const sent = candidates.some((file) => fs.existsSync(file) && publicPage(req, res, file, status));
    if (!sent) notBuilt(res, status, 'public site');
  });
  return router;
}

import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Response } from 'express';
import { isAdminPage, isPublicPage, normalizePagePath, NOT_FOUND_TEXT } from '@washdesk/contract';
import type { Config } from '../config.ts';

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

/** The embeddable quote tool has a build of its own (public-site/vite.embed.config.ts). */
const EMBED_PAGE = '/embed/photo-quote';
const EMBED_INDEX = path.join('embed', 'embed.html');

function sendIndex(res: Response, dist: string, status: number, app: string, file = 'index.html') {
  const index = path.join(dist, file);
  if (!fs.existsSync(index)) return notBuilt(res, status, app);
  // index.html names hashed assets; it must be re-fetched so a new build is picked up.
  res.status(status).setHeader('Cache-Control', 'no-cache');
  res.sendFile(index);
}

/**
 * The built apps: the admin under /admin, the public site at /. A page path that neither app
 * knows gets the public site's 404 page with a real 404 status.
 */
export function pageRoutes(config: Config) {
  const router = Router();
  // Vite's hashed files under assets/ never change; anything else (icons, embed.js) may.
  const assets = {
    index: false,
    // /admin is a page, not a folder to redirect to /admin/.
    redirect: false,
    fallthrough: true,
    setHeaders: (res: Response, file: string) =>
      res.setHeader(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ),
  };
  router.use('/admin', express.static(config.adminDist, assets));
  router.get(['/admin', '/admin/{*rest}'], (req, res) => {
    const pagePath = req.originalUrl.split('?')[0]!;
    sendIndex(res, config.adminDist, isAdminPage(pagePath) ? 200 : 404, 'admin');
  });
  router.use(express.static(config.publicSiteDist, assets));
  router.get('/{*rest}', (req, res) => {
    const isPage = isPublicPage(req.path);
    const embed = isPage && normalizePagePath(req.path) === EMBED_PAGE;
    // An older build without the embed's own output still shows the embed through the whole site.
    const file =
      embed && fs.existsSync(path.join(config.publicSiteDist, EMBED_INDEX)) ? EMBED_INDEX : 'index.html';
    sendIndex(res, config.publicSiteDist, isPage ? 200 : 404, 'public site', file);
  });
  return router;
}

// Renders the desktop app's PNG icons from resources/washdesk-icon.svg (run after changing the SVG:
// `node desktop/scripts/render-icons.mjs`; the PNGs are committed, so packaging needs no sharp).
// electron-builder makes the macOS .icns and Windows .ico from icon.png; Linux takes icons/NxN.png.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const resources = path.resolve(import.meta.dirname, '../../resources');
const svg = fs.readFileSync(path.join(resources, 'washdesk-icon.svg'));
const render = (size, file) =>
  sharp(svg, { density: Math.ceil((72 * size) / 256) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(resources, file));

fs.mkdirSync(path.join(resources, 'icons'), { recursive: true });
await render(1024, 'icon.png');
for (const size of [16, 32, 48, 64, 128, 256, 512]) await render(size, `icons/${size}x${size}.png`);
// The tray: small, with a double-size copy Electron picks on high-density screens.
await render(32, 'tray-icon.png');
await render(64, 'tray-icon@2x.png');

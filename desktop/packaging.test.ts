import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
// electron-builder's own loader and schema check (app-builder-lib ships inside electron-builder):
// the same validation `npm run package:desktop` runs first, without downloading Electron.
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'electron-builder';

const desktop = import.meta.dirname;
const root = path.resolve(desktop, '..');

describe('desktop packaging (electron-builder.yml)', () => {
  it('passes electron-builder’s schema and names the app, its icons, targets and production fuses', async () => {
    const config: Configuration = await getConfig(desktop, '../electron-builder.yml', null);
    await expect(
      validateConfiguration(config, { isEnabled: false, add: () => undefined } as never),
    ).resolves.toBeUndefined();
    expect(config).toMatchObject({ appId: 'com.washdesk.desktop', productName: 'Washdesk', asar: true });
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.mac?.target).toEqual(['dmg']);
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
    // Every icon the config names exists (electron-builder makes .icns/.ico from the 1024 px PNG).
    for (const icon of [config.win?.icon, config.mac?.icon, config.linux?.icon])
      expect(fs.existsSync(path.resolve(desktop, icon!)), String(icon)).toBe(true);
    for (const size of [16, 32, 48, 64, 128, 256, 512])
      expect(fs.existsSync(path.join(root, `resources/icons/${size}x${size}.png`))).toBe(true);
    expect(fs.existsSync(path.join(root, 'resources/tray-icon.png'))).toBe(true);
  });

  it('builds main, preload and the connect screen with electron-vite where package.json points', async () => {
    const outDir = path.join(desktop, 'out');
    fs.rmSync(outDir, { recursive: true, force: true });
    await promisify(execFile)('npx', ['electron-vite', 'build'], { cwd: desktop, timeout: 300_000 });
    const main = (JSON.parse(fs.readFileSync(path.join(desktop, 'package.json'), 'utf8')) as { main: string })
      .main;
    expect(fs.existsSync(path.join(desktop, main))).toBe(true);
    expect(fs.existsSync(path.join(outDir, 'preload/index.cjs'))).toBe(true);
    const html = fs.readFileSync(path.join(outDir, 'renderer/index.html'), 'utf8');
    expect(html).toContain('<title>Connect to your Washdesk server</title>');
    // The packaged main bundles what it imports: nothing from node_modules but electron itself.
    const bundle = fs.readFileSync(path.join(desktop, main), 'utf8');
    const imports = [...bundle.matchAll(/from\s+["']([^"'.][^"']*)["']/g)].map((m) => m[1]!);
    expect(imports.filter((name) => !name.startsWith('node:') && name !== 'electron')).toEqual([]);
  });
});

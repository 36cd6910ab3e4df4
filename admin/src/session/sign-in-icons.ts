import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

// The icons the admin's first load can show before anyone signs in (the sign-in screen's notices,
// the server-unreachable state and its retry button). Every other icon lives in the signed-in
// part (shell/bundled-icons.ts, which takes over Blueprint's loader when it arrives), so the
// first load carries a handful of icon shapes instead of every one the admin names.
const bundled = {
  ...import.meta.glob<IconPaths>(
    '../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{error,time,warning-sign,refresh,offline}.js',
    { eager: true, import: 'default' },
  ),
  ...import.meta.glob<IconPaths>(
    '../../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/{offline}.js',
    { eager: true, import: 'default' },
  ),
};

const PATHS = new Map<string, IconPaths>(
  Object.entries(bundled).map(([file, paths]) => {
    const [, size, name] = /\/(16|20)px\/paths\/([a-z0-9-]+)\.js$/.exec(file)!;
    return [`${name}@${size}`, paths];
  }),
);

/** Any other icon asked for before the signed-in part arrived: fetch that part's set, then ask it. */
async function fromSignedInSet(name: IconName, size: IconSize): Promise<IconPaths> {
  await import('../shell/bundled-icons.ts');
  await Icons.load(name, size);
  const paths = Icons.getPaths(name, size);
  if (!paths) throw new Error(`No paths for the icon ${name}`);
  return paths;
}

Icons.setLoaderOptions({
  loader: async (name: IconName, size: IconSize) =>
    PATHS.get(`${name}@${size === IconSize.STANDARD ? 16 : 20}`) ?? fromSignedInSet(name, size),
});

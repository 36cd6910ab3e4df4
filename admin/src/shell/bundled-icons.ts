import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import { splitPathsBySizeLoader } from '@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader.js';

// Blueprint loads icon shapes on demand, by default from two chunks holding every icon (about
// 100 KB gzip each); evaluating one held back a screen's first data request by ~150 ms. The
// icons the admin (and Blueprint's own controls) use ship in the admin's bundle instead; any
// other icon still arrives through Blueprint's loader, so a missing name costs time, never a blank.
// 16 px for every icon the admin names; 20 px (icons drawn at 20 px or more: empty states, large
// tags) only for the few shown that big.
const bundled = {
  ...import.meta.glob<IconPaths>(
    '../../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths/{error,phone,chat,tick,tick-circle,refresh,camera,calendar,time,edit,chevron-left,chevron-right,chevron-down,chevron-up,warning-sign,search,envelope,double-chevron-right,double-chevron-left,dollar,trash,th,plus,pie-chart,manual,key,download,disable,add,wrench,unlock,timeline-events,tag,stopwatch,send-message,offline,new-person,map-marker,log-out,lock,info-sign,eye-open,dot,dashboard,cog,chart,calculator,bring-data,small-cross,cross,caret-down,caret-right,double-caret-vertical,minus,moon,flash,issue,circle-arrow-right,arrow-right,document,user,people,history,endorsed,media,image-rotate-left,more,menu,help,predictive-analysis,duplicate,cross-circle,inbox,notifications,notifications-snooze,mobile-phone}.js',
    { eager: true, import: 'default' },
  ),
  ...import.meta.glob<IconPaths>(
    '../../../node_modules/@blueprintjs/icons/lib/esm/generated/20px/paths/{chat,camera,calendar,phone,error,warning-sign,search,th,people,new-person,document,inbox,offline,tick-circle,mobile-phone}.js',
    { eager: true, import: 'default' },
  ),
};

const PATHS = new Map<string, IconPaths>(
  Object.entries(bundled).map(([file, paths]) => {
    const [, size, name] = /\/(16|20)px\/paths\/([a-z0-9-]+)\.js$/.exec(file)!;
    return [`${name}@${size}`, paths];
  }),
);

Icons.setLoaderOptions({
  loader: async (name: IconName, size: IconSize) =>
    PATHS.get(`${name}@${size === IconSize.STANDARD ? 16 : 20}`) ?? splitPathsBySizeLoader(name, size),
});

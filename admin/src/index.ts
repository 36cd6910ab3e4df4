// The admin as a library: the desktop renderer imports these and nothing else.
export { AdminApp, type AdminAppProps } from './AdminApp.tsx';
export { usePlatform, type Platform } from './platform/platform.tsx';
export { webPlatform } from './platform/web-platform.ts';

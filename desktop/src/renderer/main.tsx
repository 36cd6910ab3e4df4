import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { DesktopBridge } from '../shared/desktop-bridge.ts';
import { ConnectScreen } from './ConnectScreen.tsx';
import './connect.css';

declare global {
  interface Window {
    /** Set by the preload on the app's own page; the only way it reaches the desktop. */
    readonly desktop: DesktopBridge;
  }
}

// The app's own page: the first-run "Connect to your Washdesk server" screen and the retry screen.
// The admin itself is the server's /admin, loaded into the same window once connected.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <ConnectScreen desktop={window.desktop} />
  </StrictMode>,
);

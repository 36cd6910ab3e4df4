import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from '@washdesk/admin';
import { createElectronPlatform } from './electron-platform.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// The page is not served by the backend, so the admin is told where the backend answers.
createRoot(root).render(
  <StrictMode>
    <AdminApp platform={createElectronPlatform(window.desktop)} apiBaseUrl={window.desktop.serverUrl()} />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './AdminApp.tsx';
import { webPlatform } from './platform/web-platform.ts';

// The browser fallback: the backend serves this app, so the API is on the same origin.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AdminApp platform={webPlatform} />
  </StrictMode>,
);

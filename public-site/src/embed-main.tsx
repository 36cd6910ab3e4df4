import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QuoteToolPage } from './pages/QuoteToolPage.tsx';
import { BusinessProfileProvider } from './profile/business-profile.tsx';
import './styles.css';

// The embeddable quote tool alone (/embed/photo-quote), built by vite.embed.config.ts: it loads
// inside other businesses' pages, mostly on phones, so it carries no router and no other page.
const root = document.getElementById('root');
if (!root) throw new Error('embed.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <BusinessProfileProvider>
      <QuoteToolPage variant="embed" />
    </BusinessProfileProvider>
  </StrictMode>,
);

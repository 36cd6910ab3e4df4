import { StrictMode } from 'react';
import { EmbeddedQuoteTool } from './embed/EmbeddedQuoteTool.tsx';
import { showPage } from './show-page.tsx';
import './styles.css';

// Built by vite.embed.config.ts, where react-dom is Preact's compat layer.
showPage(
  <StrictMode>
    <EmbeddedQuoteTool />
  </StrictMode>,
);

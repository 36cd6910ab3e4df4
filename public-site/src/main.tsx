import { StrictMode } from 'react';
import { PublicSite } from './PublicSite.tsx';
import { showPage } from './show-page.tsx';
import './styles.css';

showPage(
  <StrictMode>
    <PublicSite />
  </StrictMode>,
);

import { StrictMode } from 'react';
import { loadPage, PublicSite } from './PublicSite.tsx';
import { showPage } from './show-page.tsx';
import './styles.css';

void loadPage(window.location.pathname).then((page) =>
  showPage(
    <StrictMode>
      <PublicSite page={page} />
    </StrictMode>,
  ),
);

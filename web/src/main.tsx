import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/i18n.ts';
import { Root } from './app/Root.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);

/** Entry point: languages, the API client's hooks, then the React tree. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n/i18n';
import { setupHttp } from './session/setup-http';

initI18n();
setupHttp();

const container = document.getElementById('app');
if (!container) throw new Error('index.html has no #app element');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

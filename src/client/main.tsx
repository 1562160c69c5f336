/** Entry point: error capture, the API client's hooks, languages, then the React tree. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { installErrorCapture } from './chrome/error-log/capture-errors';
import { initI18n } from './i18n/i18n';
import { setupHttp } from './session/setup-http';

installErrorCapture();
setupHttp();

const container = document.getElementById('app');
if (!container) throw new Error('index.html has no #app element');
void initI18n().then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

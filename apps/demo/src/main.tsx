import '@fontsource-variable/inter';
import '@fontsource-variable/jetbrains-mono';
import '@toolstream/ui/styles.css';
import './demo.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DemoApp } from './demo-app.js';
import { startMockBackend } from './mock-backend.js';

await startMockBackend();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DemoApp />
  </StrictMode>,
);

import '@toolstream/ui/styles.css';
import './demo.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CustomChat } from './custom-chat.js';
import { startMockBackend } from './mock-backend.js';

await startMockBackend();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <CustomChat />
  </StrictMode>,
);

import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Two pages: the custom chat built from hooks and components, and the widget on a plain page.
export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@toolstream/source', ...defaultClientConditions] },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: false },
  build: {
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        widget: resolve(import.meta.dirname, 'widget.html'),
      },
    },
  },
});

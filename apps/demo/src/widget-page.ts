import { defineToolstreamChat } from '@toolstream/widget';
import { startMockBackend } from './mock-backend.js';

// The mock backend must answer before the widget sends anything; then the tag comes alive.
await startMockBackend();
defineToolstreamChat();

// `@toolstream/widget/element`: importing it defines <toolstream-chat> (where there is a DOM).
import { defineToolstreamChat } from '@toolstream/widget';

export * from '@toolstream/widget';

if (typeof customElements !== 'undefined') defineToolstreamChat();

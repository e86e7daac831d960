import { useState } from 'react';
import { BackendIcon } from './icons.js';
import { PopoverMenu } from './popover-menu.js';
import { ChevronDown } from './scenario-menu.js';

interface BackendMenuProps {
  endpoint: string;
  mockEndpoint: string;
  /** Switch to `endpoint`, keeping the conversation or starting a new one. */
  onConnect: (endpoint: string, keepConversation: boolean) => void;
}

/** Where the chat sends its messages: the built-in mock, or any endpoint that speaks the protocol. */
export function BackendMenu({ endpoint, mockEndpoint, onConnect }: BackendMenuProps) {
  const [draft, setDraft] = useState(endpoint);
  const [keep, setKeep] = useState(true);
  const name = endpoint === mockEndpoint ? 'Built-in mock' : hostOf(endpoint);
  return (
    <PopoverMenu
      slot="demo-backend"
      label={`Backend: ${name}`}
      trigger={
        <>
          <BackendIcon />
          <span className="demo-menu__eyebrow">Backend</span>
          <span className="demo-menu__value">{name}</span>
          <ChevronDown />
        </>
      }
    >
      {(close) => (
        <form
          className="demo-menu__form"
          onSubmit={(event) => {
            event.preventDefault();
            onConnect(draft.trim() || mockEndpoint, keep);
            close();
          }}
        >
          <label className="demo-menu__field">
            <span className="demo-menu__option-title">Endpoint</span>
            <input
              name="endpoint"
              value={draft}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => setDraft(event.target.value)}
            />
            <span className="demo-menu__option-hint">
              A URL that answers POST with a toolstream or provider event stream. {mockEndpoint} is the mock,
              served in this page.
            </span>
          </label>
          <label className="demo-menu__choice">
            <input
              type="checkbox"
              name="keep"
              checked={keep}
              onChange={(event) => setKeep(event.target.checked)}
            />
            Keep this conversation
          </label>
          <p className="demo-menu__note">
            <a href="./widget.html">The same kit as a drop-in widget on a plain page →</a>
          </p>
          <div className="demo-menu__actions">
            {endpoint !== mockEndpoint && (
              <button type="button" className="demo-button" onClick={() => setDraft(mockEndpoint)}>
                Use the mock
              </button>
            )}
            <button type="submit" className="demo-button demo-button--primary">
              Connect
            </button>
          </div>
        </form>
      )}
    </PopoverMenu>
  );
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint, window.location.href).host;
  } catch {
    return endpoint;
  }
}

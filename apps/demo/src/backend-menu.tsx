import { useState } from 'react';
import { BackendIcon } from './icons.js';
import { PEER_BACKENDS } from './peers/peer-transports.js';
import { PopoverMenu } from './popover-menu.js';
import { ChevronDown } from './scenario-menu.js';

interface BackendMenuProps {
  endpoint: string;
  mockEndpoint: string;
  /** Switch to `endpoint`, keeping the conversation or starting a new one. */
  onConnect: (endpoint: string, keepConversation: boolean) => void;
}

/**
 * Where the chat sends its messages: the built-in mock, the AI SDK or LangGraph backend the page
 * runs (the same scenarios, in their formats), or any endpoint that speaks a format toolstream reads.
 */
export function BackendMenu({ endpoint, mockEndpoint, onConnect }: BackendMenuProps) {
  const [draft, setDraft] = useState(endpoint);
  const [keep, setKeep] = useState(true);
  const peer = PEER_BACKENDS.find((backend) => backend.endpoint === endpoint);
  const name = endpoint === mockEndpoint ? 'Built-in mock' : (peer?.name ?? hostOf(endpoint));
  const builtIn = [
    { endpoint: mockEndpoint, name: 'toolstream', hint: "toolstream's own protocol, from the mock backend." },
    ...PEER_BACKENDS,
  ];
  const custom = !builtIn.some((backend) => backend.endpoint === draft);
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
          <fieldset className="demo-menu__group">
            <legend>In this page</legend>
            {builtIn.map((backend) => (
              <label key={backend.endpoint} className="demo-menu__option">
                <input
                  type="radio"
                  name="backend"
                  checked={draft === backend.endpoint}
                  onChange={() => setDraft(backend.endpoint)}
                />
                <span className="demo-menu__option-text">
                  <span className="demo-menu__option-title">{backend.name}</span>
                  <span className="demo-menu__option-hint">{backend.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <label className="demo-menu__field">
            <span className="demo-menu__option-title">Or another endpoint</span>
            <input
              name="endpoint"
              value={custom ? draft : ''}
              placeholder="https://…"
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => setDraft(event.target.value)}
            />
            <span className="demo-menu__option-hint">
              A URL that answers POST with a toolstream or provider event stream.
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

import { defineTools } from '@toolstream/core';
import { allProtocols } from '@toolstream/core/providers';
import { ToolStreamProvider } from '@toolstream/react';
import { Chat } from '@toolstream/ui';
import { useCallback, useMemo, useRef, useState } from 'react';
// The long-conversation bench's turns (bench/README.md): what a person scrolls through here with
// `?history=1000` is what its figures are of.
import { createConversation } from '../../../bench/long/page/conversation.js';
import { BackendMenu } from './backend-menu.js';
import { MOCK_ENDPOINT, settingsFromUrl } from './demo-settings.js';
import { Devtools, DevtoolsToggle } from './devtools-toggle.js';
import { FaultMenu } from './fault-menu.js';
import { type FaultSelection, faultHeaders } from './faults.js';
import { scenarios } from './mock-backend.js';
import { peerTransport } from './peers/peer-transports.js';
import { ScenarioMenu } from './scenario-menu.js';

/**
 * The tools this page runs itself when an agent hands it a call (PROTOCOL.md §11): the mock's
 * client-tool scenario asks for the reader's time zone.
 */
const browserTools = defineTools<{ get_time_zone: { args: Record<string, never>; result: string } }>({
  get_time_zone: { execute: () => Intl.DateTimeFormat().resolvedOptions().timeZone },
});

const initial = settingsFromUrl(
  window.location.search,
  scenarios.map((s) => s.name),
);

/** The finished turns the conversation opens with (`?history=N`), if any. */
const history = initial.history > 0 ? createConversation(initial.history).messages : undefined;

/**
 * The demo: the kit's `Chat` on a `ToolStreamProvider` the demo owns, with its own controls in
 * the chat's header — the scenario the mock plays, faults to inject, and the backend to talk to.
 * The scenario and the faults are read when a message is sent (the request body and headers),
 * so changing them never disturbs the conversation; a new backend starts a new store, which
 * keeps or clears the conversation as the reader chose. "Devtools" attaches `@toolstream/devtools`
 * to the store (loaded on first use).
 */
export function DemoApp() {
  const [endpoint, setEndpoint] = useState(initial.endpoint);
  // A new key mounts a new provider: a new store with an empty conversation.
  const [conversation, setConversation] = useState(0);
  const [scenario, setScenario] = useState(initial.scenario);
  const [faults, setFaults] = useState<FaultSelection>({ on: [], once: true });
  const [devtools, setDevtools] = useState(initial.devtools);
  const toggleDevtools = (on: boolean) => {
    setDevtools(on);
    const url = new URL(window.location.href);
    if (on) url.searchParams.set('devtools', '1');
    else url.searchParams.delete('devtools');
    window.history.replaceState(null, '', url);
  };
  // Read by the store's request callbacks, which are created once with the store.
  const latest = useRef({ scenario, faults });
  latest.current = { scenario, faults };

  const headers = useCallback(() => {
    const selection = latest.current.faults;
    const extra = faultHeaders(selection);
    // "Next request only": the fault is spent once a request carried it, and its boxes clear.
    if (selection.once && selection.on.length > 0) {
      latest.current.faults = { ...selection, on: [] };
      setFaults((current) => ({ ...current, on: [] }));
    }
    return extra;
  }, []);
  const body = useCallback(
    ({ message }: { message: string }) => ({ message, scenario: latest.current.scenario }),
    [],
  );

  // The AI SDK and LangGraph backends in the page are reached through their own transports.
  const transport = useMemo(() => peerTransport(endpoint, () => latest.current.scenario), [endpoint]);

  return (
    <div className="demo">
      <ToolStreamProvider
        key={conversation}
        endpoint={endpoint}
        transport={transport}
        body={body}
        headers={headers}
        protocols={allProtocols}
        tools={browserTools}
        initialMessages={history}
      >
        <Chat
          title={
            <span className="demo__brand">
              toolstream <span className="demo__brand-tag">demo</span>
            </span>
          }
          showTimeline
          headerActions={
            <>
              <ScenarioMenu value={scenario} onChange={setScenario} />
              <FaultMenu value={faults} onChange={setFaults} />
              <DevtoolsToggle on={devtools} onChange={toggleDevtools} />
              <BackendMenu
                endpoint={endpoint}
                mockEndpoint={MOCK_ENDPOINT}
                onConnect={(next, keep) => {
                  setEndpoint(next);
                  if (!keep) setConversation((n) => n + 1);
                }}
              />
            </>
          }
          composerProps={{
            placeholder: 'Ask the agent…',
            footer: 'Replies come from recorded scenarios of the mock backend.',
          }}
        />
        {devtools && <Devtools />}
      </ToolStreamProvider>
    </div>
  );
}

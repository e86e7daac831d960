import { ToolStreamProvider, useStreamStatus } from '@toolstream/react';
import { Composer, ErrorBanner, StatusIndicator, Thread, ToolTimeline } from '@toolstream/ui';
import { useRef, useState } from 'react';
import { scenarios } from './mock-backend.js';

const MOCK_ENDPOINT = '/api/chat/stream';

// `?endpoint=` and `?scenario=` preset the form (links, and the end-to-end tests use them).
const params = new URLSearchParams(window.location.search);
const initialEndpoint = params.get('endpoint') ?? MOCK_ENDPOINT;
const initialScenario = params.get('scenario') ?? 'subagent-delegation';

/**
 * A chat composed from the hooks and components: the thread and composer on the left, the tool
 * timeline beside them. The provider follows the endpoint (the conversation goes on with the new
 * one); the scenario picker only changes the request body, read when a message is sent.
 */
export function CustomChat() {
  const [endpoint, setEndpoint] = useState(initialEndpoint);
  const scenario = useRef(scenarios.find((s) => s.name === initialScenario)?.name ?? '');

  return (
    <ToolStreamProvider
      endpoint={endpoint}
      // The mock backend picks the scenario from the body; other backends ignore the extra field.
      body={({ message }) => (scenario.current ? { message, scenario: scenario.current } : { message })}
    >
      <div className="demo">
        <header className="demo__bar">
          <h1>toolstream</h1>
          <nav aria-label="Demo pages">
            <a href="./" aria-current="page">
              Custom chat
            </a>
            <a href="./widget.html">Widget on a plain page</a>
          </nav>
        </header>
        <Settings
          endpoint={endpoint}
          onEndpoint={setEndpoint}
          scenario={scenario.current}
          onScenario={(name) => {
            scenario.current = name;
          }}
        />
        <main className="demo__main">
          <section className="demo__chat" aria-label="Conversation">
            <div className="demo__status">
              <StatusIndicator />
            </div>
            <Thread emptyState={<EmptyState />} />
            <ErrorBanner />
            <Composer placeholder="Ask the agent… (Enter sends, Shift+Enter for a new line)" />
          </section>
          <aside className="demo__timeline" aria-label="Tool timeline">
            <Timeline />
          </aside>
        </main>
      </div>
    </ToolStreamProvider>
  );
}

function Timeline() {
  const { status } = useStreamStatus();
  return status === 'idle' ? (
    <p className="demo__hint">Calls appear here as a waterfall while a run streams.</p>
  ) : (
    <ToolTimeline />
  );
}

function EmptyState() {
  return (
    <div className="demo__empty">
      <p>
        Pick a scenario and send any message. Try “subagent-delegation”, “parallel-calls” or
        “malformed-frames”.
      </p>
    </div>
  );
}

interface SettingsProps {
  endpoint: string;
  onEndpoint: (endpoint: string) => void;
  scenario: string;
  onScenario: (name: string) => void;
}

function Settings({ endpoint, onEndpoint, scenario, onScenario }: SettingsProps) {
  const [draft, setDraft] = useState(endpoint);
  const usingMock = endpoint === MOCK_ENDPOINT;
  return (
    <form
      className="demo__settings"
      onSubmit={(event) => {
        event.preventDefault();
        onEndpoint(draft.trim() || MOCK_ENDPOINT);
      }}
    >
      <label>
        Scenario
        <select defaultValue={scenario} onChange={(event) => onScenario(event.target.value)}>
          {scenarios.map((s) => (
            <option key={s.name} value={s.name} title={s.description}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Endpoint
        <input value={draft} onChange={(event) => setDraft(event.target.value)} spellCheck={false} />
      </label>
      <button type="submit">Connect</button>
      {!usingMock && (
        <button
          type="button"
          onClick={() => {
            setDraft(MOCK_ENDPOINT);
            onEndpoint(MOCK_ENDPOINT);
          }}
        >
          Back to the mock backend
        </button>
      )}
    </form>
  );
}

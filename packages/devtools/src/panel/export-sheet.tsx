import { useId, useRef, useState } from 'react';
import { type ExportedFile, exportConversation, exportScenario } from '../export/export-scenario.js';
import { exportSse } from '../export/export-sse.js';
import { importRecording } from '../export/import-recording.js';
import type { RedactOptions } from '../export/redact.js';
import type { Recording } from '../recording/recording.js';

interface ExportSheetProps {
  recording: Recording;
  /** The turn shown (exports take it), or `null` for the last one. */
  turn: number | null;
  redact?: RedactOptions | undefined;
  onImported(recording: Recording, name: string): void;
}

/**
 * Export and import: the run as a `@toolstream/mock` scenario, the conversation as one scenario a
 * turn, the raw `.sse` bytes — after the redaction the reader sets here (header values hidden by
 * default) — and a file read back in to inspect.
 */
export function ExportSheet({ recording, turn, redact, onImported }: ExportSheetProps) {
  const [open, setOpen] = useState(false);
  const [headers, setHeaders] = useState(redact?.headers ?? true);
  const [paths, setPaths] = useState((redact?.paths ?? []).join(', '));
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const id = useId();

  const options = (): RedactOptions => ({
    ...redact,
    headers,
    paths: split(paths),
    text: [...(redact?.text ?? []), ...split(text)],
  });
  const run = (make: () => ExportedFile[]) => {
    try {
      const files = make();
      for (const exported of files) download(exported);
      setMessage({ kind: 'ok', text: `Saved ${files.map((f) => f.name).join(', ')}.` });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  };
  const at = turn ?? undefined;

  return (
    <div className="tsd-sheet">
      <button
        type="button"
        className="tsd-button"
        aria-expanded={open}
        aria-controls={`${id}-sheet`}
        onClick={() => setOpen(!open)}
      >
        Export / import
      </button>
      {open && (
        <section id={`${id}-sheet`} className="tsd-sheet__body" aria-label="Export and import">
          <fieldset className="tsd-fieldset">
            <legend>Redaction</legend>
            <label className="tsd-check">
              <input type="checkbox" checked={headers} onChange={(e) => setHeaders(e.target.checked)} /> Hide
              header values (authorization, cookies…)
            </label>
            <label className="tsd-field">
              Fields by path{' '}
              <span className="tsd-muted">
                (comma-separated: tool_calls.*.tool_call_details.email, **.token)
              </span>
              <input className="tsd-input" value={paths} onChange={(e) => setPaths(e.target.value)} />
            </label>
            <label className="tsd-field">
              Text to hide <span className="tsd-muted">(comma-separated)</span>
              <input className="tsd-input" value={text} onChange={(e) => setText(e.target.value)} />
            </label>
          </fieldset>
          <div className="tsd-actions">
            <button
              type="button"
              className="tsd-button tsd-button--primary"
              onClick={() => run(() => [exportScenario(recording, { turn: at, redact: options() })])}
            >
              Run as a mock scenario (.jsonl)
            </button>
            <button
              type="button"
              className="tsd-button"
              onClick={() => run(() => exportConversation(recording, { redact: options() }))}
            >
              Conversation (a .jsonl a turn)
            </button>
            <button
              type="button"
              className="tsd-button"
              onClick={() => run(() => [exportSse(recording, { turn: at, redact: options() })])}
            >
              Raw bytes (.sse)
            </button>
            <button type="button" className="tsd-button" onClick={() => file.current?.click()}>
              Import a file…
            </button>
            <input
              ref={file}
              type="file"
              accept=".jsonl,.sse,.ndjson,.txt"
              hidden
              aria-label="Import a scenario or stream file"
              onChange={async (event) => {
                const chosen = event.target.files?.[0];
                event.target.value = '';
                if (chosen === undefined) return;
                try {
                  onImported(
                    await importRecording(await chosen.text(), { fileName: chosen.name }),
                    chosen.name,
                  );
                  setMessage({ kind: 'ok', text: `Imported ${chosen.name}.` });
                  setOpen(false);
                } catch (error) {
                  setMessage({ kind: 'error', text: error instanceof Error ? error.message : String(error) });
                }
              }}
            />
          </div>
          <p className="tsd-muted">
            In a test:{' '}
            <code className="tsd-code">
              createHandlers({'{'} scenarios: [parseScenario(text)] {'}'})
            </code>
            , or <code className="tsd-code">readScenarioFile(path)</code> for the mock's server.
          </p>
        </section>
      )}
      {message !== null && (
        <p
          className="tsd-message"
          role={message.kind === 'error' ? 'alert' : 'status'}
          data-kind={message.kind}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}

function split(list: string): string[] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Saves a file the browser's way: an object URL on a link that is clicked. */
function download(file: ExportedFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

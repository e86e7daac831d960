import { type ReactNode, useId, useState } from 'react';
import { CodeBlock, prettyValue } from '../internal/code-block.js';
import { humanize } from '../internal/humanize.js';

type Args = Readonly<Record<string, unknown>>;

/** A field's name for people: the key in words (`max_results` → "Max results"), else the key. */
const fieldName = (key: string) => humanize(key) || key;

/** One value as the person reads it: text as text, numbers and yes/no in words, the rest as JSON. */
function ValueView({ value }: { value: unknown }): ReactNode {
  if (typeof value === 'string') return <span data-slot="approval-value-text">{value}</span>;
  if (typeof value === 'number') return <span data-slot="approval-value-number">{String(value)}</span>;
  if (typeof value === 'boolean') return <span>{value ? 'Yes' : 'No'}</span>;
  if (value === null || value === undefined) return <span data-slot="approval-value-empty">(none)</span>;
  return <CodeBlock code={prettyValue(value)} language="json" />;
}

/** The arguments a call will run with, one per line: the key in words, the value formatted for what it is. */
export function ArgumentList({ args }: { args: Args }) {
  const entries = Object.entries(args);
  if (entries.length === 0) return <p data-slot="approval-no-arguments">No arguments.</p>;
  return (
    <dl data-slot="approval-arguments" className="ts-approval__arguments">
      {entries.map(([key, value]) => (
        <div key={key} data-slot="approval-argument">
          <dt>{fieldName(key)}</dt>
          <dd>
            <ValueView value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Props of {@link ArgumentForm}. */
export interface ArgumentFormProps {
  /** The arguments as the agent asked: each field's type is its value's here. */
  original: Args;
  /** Reports the arguments as edited, and the keys whose text is not a valid value (yet). */
  onChange(next: Args, invalid: ReadonlySet<string>): void;
}

/**
 * The arguments as a form the person edits before approving. Each field keeps the type of the
 * value the agent gave — text, a number, yes/no; anything else (lists, objects, `null`) is edited
 * as JSON and must parse — so what is sent back is JSON of the same shape.
 */
export function ArgumentForm({ original, onChange }: ArgumentFormProps) {
  const [draft, setDraft] = useState<Args>(original);
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(() => new Set());
  const entries = Object.entries(original);
  if (entries.length === 0) return <p data-slot="approval-no-arguments">No arguments.</p>;
  const update = (key: string, value: unknown, valid: boolean) => {
    // A computed key makes an own property, whatever it is called (`__proto__` too).
    const next: Args = valid ? { ...draft, [key]: value } : draft;
    const bad = new Set(invalid);
    if (valid) bad.delete(key);
    else bad.add(key);
    setDraft(next);
    setInvalid(bad);
    onChange(next, bad);
  };
  return (
    <div data-slot="approval-form" className="ts-approval__form">
      {entries.map(([key, value]) => (
        <ArgumentField key={key} name={key} value={value} onChange={(v, valid) => update(key, v, valid)} />
      ))}
    </div>
  );
}

function ArgumentField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: unknown;
  onChange(value: unknown, valid: boolean): void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const [error, setError] = useState<string | null>(null);
  const label = (
    <label htmlFor={id} data-slot="approval-field-label">
      {fieldName(name)}
    </label>
  );
  if (typeof value === 'boolean') {
    return (
      <div data-slot="approval-field" data-type="boolean">
        <input
          id={id}
          type="checkbox"
          defaultChecked={value}
          onChange={(event) => onChange(event.target.checked, true)}
        />
        {label}
      </div>
    );
  }
  const report = (next: unknown, problem: string | null) => {
    setError(problem);
    onChange(next, problem === null);
  };
  const described = {
    'aria-invalid': error !== null || undefined,
    'aria-describedby': error === null ? undefined : errorId,
  };
  let control: ReactNode;
  if (typeof value === 'number') {
    control = (
      <input
        id={id}
        type="number"
        step="any"
        inputMode="decimal"
        defaultValue={String(value)}
        {...described}
        onChange={(event) => {
          const text = event.target.value.trim();
          const parsed = Number(text);
          report(parsed, text === '' || !Number.isFinite(parsed) ? 'Enter a number.' : null);
        }}
      />
    );
  } else if (typeof value === 'string') {
    const long = value.length > 60 || value.includes('\n');
    control = long ? (
      <textarea
        id={id}
        rows={Math.min(8, Math.max(3, value.split('\n').length))}
        defaultValue={value}
        onChange={(event) => report(event.target.value, null)}
      />
    ) : (
      <input
        id={id}
        type="text"
        defaultValue={value}
        onChange={(event) => report(event.target.value, null)}
      />
    );
  } else {
    const json = prettyValue(value ?? null);
    control = (
      <textarea
        id={id}
        data-language="json"
        spellCheck={false}
        rows={Math.min(10, Math.max(2, json.split('\n').length))}
        defaultValue={json}
        {...described}
        onChange={(event) => {
          try {
            report(JSON.parse(event.target.value) as unknown, null);
          } catch {
            report(undefined, 'This is not valid JSON.');
          }
        }}
      />
    );
  }
  return (
    <div data-slot="approval-field" data-type={typeof value === 'object' ? 'json' : typeof value}>
      {label}
      {control}
      {error !== null && (
        <p id={errorId} data-slot="approval-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

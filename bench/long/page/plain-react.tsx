import './plain.css';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Contender } from './contender.js';
import type { Block, Conversation, Inline, Turn } from './conversation.js';

function Runs({ runs }: { runs: Inline }) {
  return runs.map((run, i) =>
    run.kind === 'text' ? (
      run.text
    ) : run.kind === 'strong' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed runs
      <strong key={i}>{run.text}</strong>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: fixed runs
      <code key={i}>{run.text}</code>
    ),
  );
}

function Row({ parts }: { parts: string[] }) {
  return (
    <button type="button" className="row">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed parts
        <span key={i}>{part}</span>
      ))}
    </button>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <Runs runs={block.inline} />
        </p>
      );
    case 'list':
      return (
        <ul>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed items
            <li key={i}>
              <Runs runs={item} />
            </li>
          ))}
        </ul>
      );
    case 'link':
      return (
        <p>
          Source: <a href={block.href}>{block.text}</a>
        </p>
      );
    case 'tools':
      return <Row parts={[`Used ${block.names.length} tools`, block.names.join(', '), block.seconds]} />;
    case 'agent':
      return <Row parts={[block.name, block.task, `${block.tools} tools`, block.seconds]} />;
    case 'tool':
      return <Row parts={[block.name, block.summary, block.seconds]} />;
  }
}

const TurnView = memo(function TurnView({ turn }: { turn: Turn }) {
  return (
    <>
      <article className="user" aria-label="You">
        <p>{turn.question}</p>
      </article>
      <article aria-label="Assistant">
        {turn.blocks.map((block, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed blocks
          <BlockView key={i} block={block} />
        ))}
      </article>
    </>
  );
});

function Page({ conversation, refs }: { conversation: Conversation; refs: Refs }) {
  const viewport = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState('');
  useLayoutEffect(() => {
    const element = viewport.current!;
    element.scrollTop = element.scrollHeight;
  }, []);
  return (
    <section className="plain">
      <header>Long conversation</header>
      <div
        className="viewport"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region, as the kit's
        tabIndex={0}
        ref={(element) => {
          viewport.current = element;
          refs.viewport = element;
        }}
      >
        <div className="content">
          {conversation.turns.map((turn, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: turns never move
            <TurnView key={i} turn={turn} />
          ))}
        </div>
      </div>
      <footer>
        <textarea
          aria-label="Message"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          ref={(element) => {
            refs.composer = element;
          }}
        />
      </footer>
    </section>
  );
}

interface Refs {
  viewport: HTMLElement | null;
  composer: HTMLElement | null;
}

/** The same turns as React components (no store, no kit): what React itself costs. */
export function plainReact(): Contender {
  const refs: Refs = { viewport: null, composer: null };
  return {
    mount(root, conversation) {
      createRoot(root).render(<Page conversation={conversation} refs={refs} />);
    },
    viewport: () => refs.viewport!,
    composer: () => refs.composer!,
  };
}

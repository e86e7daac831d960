import './plain.css';
import type { Contender } from './contender.js';
import type { Block, Conversation, Inline, Turn } from './conversation.js';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) {
  const element = document.createElement(tag);
  if (className !== undefined) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

function inline(parent: HTMLElement, runs: Inline): HTMLElement {
  for (const run of runs) {
    parent.append(
      run.kind === 'text' ? run.text : el(run.kind === 'strong' ? 'strong' : 'code', undefined, run.text),
    );
  }
  return parent;
}

function row(parts: string[]): HTMLElement {
  const button = el('button', 'row');
  button.type = 'button';
  for (const part of parts) button.append(el('span', undefined, part));
  return button;
}

function block(b: Block): HTMLElement {
  switch (b.kind) {
    case 'paragraph':
      return inline(el('p'), b.inline);
    case 'list': {
      const list = el('ul');
      for (const item of b.items) list.append(inline(el('li'), item));
      return list;
    }
    case 'link': {
      const p = el('p', undefined, 'Source: ');
      const a = el('a', undefined, b.text);
      a.href = b.href;
      p.append(a);
      return p;
    }
    case 'tools':
      return row([`Used ${b.names.length} tools`, b.names.join(', '), b.seconds]);
    case 'agent':
      return row([b.name, b.task, `${b.tools} tools`, b.seconds]);
    case 'tool':
      return row([b.name, b.summary, b.seconds]);
  }
}

function turn(t: Turn, index: number): HTMLElement[] {
  const question = el('article', 'user');
  question.setAttribute('aria-label', 'You');
  question.append(el('p', undefined, t.question));
  const answer = el('article');
  answer.setAttribute('aria-label', 'Assistant');
  answer.dataset.turn = String(index + 1);
  for (const b of t.blocks) answer.append(block(b));
  return [question, answer];
}

/** The floor: the same turns built with the DOM API in one go, nothing else. */
export function plainDom(): Contender {
  let viewport: HTMLElement | null = null;
  let composer: HTMLElement | null = null;
  return {
    mount(root, conversation: Conversation) {
      const page = el('section', 'plain');
      page.append(el('header', undefined, 'Long conversation'));
      viewport = el('div', 'viewport');
      viewport.tabIndex = 0;
      const content = el('div', 'content');
      conversation.turns.forEach((t, i) => {
        content.append(...turn(t, i));
      });
      viewport.append(content);
      const footer = el('footer');
      composer = el('textarea');
      composer.setAttribute('aria-label', 'Message');
      footer.append(composer);
      page.append(viewport, footer);
      root.append(page);
      viewport.scrollTop = viewport.scrollHeight;
    },
    viewport: () => viewport!,
    composer: () => composer!,
  };
}

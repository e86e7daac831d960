'use client';
/**
 * @toolstream/ui/markdown — safe markdown for stream text, kept apart from the main entry so
 * that the components do not carry a markdown parser unless asked to. `Chat` uses it; give it to
 * other components with `<TextRendererProvider renderer={Markdown}>`.
 */

export type { MarkdownProps } from './markdown.js';
export { Markdown } from './markdown.js';

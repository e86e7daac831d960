import type { Random } from './prng.js';

/**
 * Words the generated text is made of. Besides plain English it holds 2-, 3- and 4-byte UTF-8
 * characters (so 16 KiB cuts land inside multi-byte characters) and characters JSON must escape
 * (quotes, backslashes, tabs), since both change the cost of decoding and parsing.
 */
const WORDS: readonly string[] = [
  'the',
  'agent',
  'found',
  'three',
  'relevant',
  'pages',
  'in',
  'Confluence',
  'and',
  'summarised',
  'them',
  'for',
  'you',
  'latency',
  'p95',
  'improved',
  'by',
  '12%',
  'after',
  'cache',
  'change',
  'deploy',
  'rollback',
  'incident',
  'owner',
  'ticket',
  'query',
  'returned',
  'rows',
  'with',
  'a',
  'of',
  'to',
  'is',
  'naïve',
  'café',
  'Zürich',
  'façade',
  'résumé',
  '日本語',
  'のテスト',
  'данные',
  'отчёт',
  'Ελληνικά',
  '🚀',
  '✅',
  '📄',
  '€42',
  'Straße',
  '—',
  '…',
  '"quoted"',
  'C:\\temp\\out',
  'tab\there',
  '<b>not-html</b>',
  '`code`',
];

/** `count` words joined by spaces, sometimes broken by a newline or a markdown list item. */
export function words(random: Random, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) {
    const roll = random.next();
    const separator = i === 0 ? '' : roll < 0.03 ? '\n\n- ' : roll < 0.06 ? '\n' : ' ';
    text += separator + random.pick(WORDS);
  }
  return text;
}

/** Sub-agents the supervisor delegates to. */
export const AGENTS: readonly string[] = [
  'research',
  'confluence',
  'jira',
  'code_review',
  'data_analyst',
  'writer',
  'planner',
  'web_search',
];

/** Tools the sub-agents call. */
export const TOOLS: readonly string[] = [
  'confluence_search',
  'jira_get_issue',
  'sql_query',
  'read_file',
  'http_get',
  'vector_search',
];

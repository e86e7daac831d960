import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ProtocolName } from '../../src/adapters/auto.js';

/**
 * The provider fixtures (`<repo>/fixtures/providers`), read at test time so a fixture added there
 * is picked up without touching the tests.
 */
export const FIXTURE_DIR = fileURLToPath(new URL('../../../../fixtures/providers/', import.meta.url));

/** What a fixture's `.expected.json` says (the fields the tests use). */
export interface Expected {
  fixture: string;
  provider: string;
  wire: 'sse' | 'ndjson';
  toolCalls: {
    id: string | null;
    idSynthesized?: boolean;
    name: string;
    arguments: Record<string, unknown>;
  }[];
  incompleteToolCalls?: { id: string | null; name: string; rawArguments?: string }[];
  toolResults?: { toolCallId: string; content: string }[];
  text: string;
  reasoning?: string;
  error: { type?: string; message: string } | null;
}

export interface Fixture {
  name: string;
  /** The raw bytes, as they come over the wire. */
  bytes: Uint8Array;
  expected: Expected;
}

/** Every stream file that has an `.expected.json` beside it. */
export function loadFixtures(): Fixture[] {
  if (!existsSync(FIXTURE_DIR)) throw new Error(`provider fixtures not found at ${FIXTURE_DIR}`);
  return readdirSync(FIXTURE_DIR)
    .filter((file) => file.endsWith('.sse') || file.endsWith('.ndjson'))
    .sort()
    .flatMap((file) => {
      const expectedFile = `${FIXTURE_DIR}${file.replace(/\.(sse|ndjson)$/, '')}.expected.json`;
      if (!existsSync(expectedFile)) return [];
      return [
        {
          name: file,
          bytes: new Uint8Array(readFileSync(`${FIXTURE_DIR}${file}`)),
          expected: JSON.parse(readFileSync(expectedFile, 'utf8')) as Expected,
        },
      ];
    });
}

/**
 * The adapter `auto` must pick for a fixture, from its `provider` and file name (the
 * OpenAI-compatible family has many provider names: `groq`, `mistral-chat`, `…-openai-compat`).
 */
export function expectedProtocol(expected: Expected): ProtocolName {
  const provider = expected.provider.toLowerCase();
  const names = [provider, expected.fixture.toLowerCase()];
  const is = (...prefixes: string[]) =>
    names.some((name) => prefixes.some((prefix) => name.startsWith(prefix)));
  if (expected.wire === 'ndjson' || provider === 'ollama-native') return 'ollama-native';
  if (provider.includes('compat')) return 'openai-chat';
  if (is('openai-responses')) return 'openai-responses';
  if (is('anthropic')) return 'anthropic';
  if (is('ag-ui', 'agui')) return 'ag-ui';
  if (is('cohere')) return 'cohere';
  if (is('google', 'gemini', 'vertex')) return 'gemini';
  return 'openai-chat';
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ProtocolName } from '../../src/adapters/auto.js';
import { encodeEventStreamText } from './event-stream-encoder.js';

/**
 * The provider fixtures (`<repo>/fixtures/providers`), read at test time so a fixture added there
 * is picked up without touching the tests.
 */
export const FIXTURE_DIR = fileURLToPath(new URL('../../../../fixtures/providers/', import.meta.url));

/** What a fixture's `.expected.json` says (the fields the tests use). */
export interface Expected {
  fixture: string;
  provider: string;
  wire: 'sse' | 'ndjson' | 'aws-eventstream';
  toolCalls: {
    id: string | null;
    idSynthesized?: boolean;
    name: string;
    arguments: Record<string, unknown>;
  }[];
  /** `status`: how the call ended (`truncated` when the model was cut off, else `interrupted`…). */
  incompleteToolCalls?: { id: string | null; name: string; rawArguments?: string; status?: string }[];
  toolResults?: { toolCallId: string; content: string }[];
  text: string;
  reasoning?: string;
  error: { type?: string; message: string } | null;
  /** The provider's stop reason as sent, and in the README's vocabulary (`tool_calls`, `length`…). */
  finishReason?: { raw: string; normalized: string } | null;
  /** How the turn ends (PROTOCOL.md §10): `done`, `truncated`, `failed`, `interrupted`. */
  outcome?: string;
  /** The token counts the stream reports, in toolstream's fields. */
  usage?: Record<string, number> | null;
  /** The sources, in order: `{source, title?, quote?, span?}` (span: offsets in the answer text). */
  citations?: { source: string; title?: string; quote?: string; span?: { start: number; end: number } }[];
  /** Tools the provider ran itself, with their input and result (`id: null`: the wire gives none). */
  providerCalls?: {
    id: string | null;
    name: string;
    arguments: Record<string, unknown> | null;
    output: string;
    error?: string;
  }[];
}

export interface Fixture {
  name: string;
  /** The raw bytes, as they come over the wire. */
  bytes: Uint8Array;
  /** Whether the wire is binary (the AWS event stream): it must reach the reader as bytes. */
  binary: boolean;
  expected: Expected;
}

/** Stream files: text as it comes over the wire, or AWS event-stream messages written as text. */
const STREAM_FILE = /\.(sse|ndjson|eventstream\.txt)$/;

/** Every stream file that has an `.expected.json` beside it. */
export function loadFixtures(): Fixture[] {
  if (!existsSync(FIXTURE_DIR)) throw new Error(`provider fixtures not found at ${FIXTURE_DIR}`);
  return readdirSync(FIXTURE_DIR)
    .filter((file) => STREAM_FILE.test(file))
    .sort()
    .flatMap((file) => {
      const expectedFile = `${FIXTURE_DIR}${file.replace(STREAM_FILE, '')}.expected.json`;
      if (!existsSync(expectedFile)) return [];
      const binary = file.endsWith('.eventstream.txt');
      const source = readFileSync(`${FIXTURE_DIR}${file}`);
      return [
        {
          name: file,
          bytes: binary ? encodeEventStreamText(source.toString('utf8')) : new Uint8Array(source),
          binary,
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
  if (expected.wire === 'ndjson' || provider.startsWith('ollama-native')) return 'ollama-native';
  if (expected.wire === 'aws-eventstream' || provider === 'bedrock-converse') return 'bedrock';
  if (provider.includes('compat')) return 'openai-chat';
  if (is('openai-responses') || provider.endsWith('-responses')) return 'openai-responses';
  if (is('anthropic')) return 'anthropic';
  if (is('ag-ui', 'agui')) return 'ag-ui';
  if (is('cohere')) return 'cohere';
  if (is('google', 'gemini', 'vertex')) return 'gemini';
  return 'openai-chat';
}

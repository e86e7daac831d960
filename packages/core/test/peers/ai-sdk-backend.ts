import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LanguageModelV3CallOptions, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import {
  convertToModelMessages,
  jsonSchema,
  simulateReadableStream,
  stepCountIs,
  streamText,
  tool,
  type UIMessage,
  validateUIMessages,
} from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

/**
 * A real AI SDK backend on loopback: the route the AI SDK's docs give for `useChat`
 * (`validateUIMessages`, `convertToModelMessages`, `streamText` with tools, and the answer piped
 * as its UI message stream), on the SDK's own mock model. The model is scripted by the prompt:
 * "weather in <city>" calls `get_weather` (its input streamed in pieces), "delete <file>" calls
 * `delete_file` (which needs approval), "time zone" calls `get_time_zone` (which the client runs), "think" reasons first, "slowly" streams a long answer
 * slowly; after a tool result it answers from it (after a denial, says why it did not); anything else is echoed back.
 */
export interface AiSdkBackend {
  /** `http://127.0.0.1:<port>/api/chat` */
  api: string;
  /** The bodies of the chat requests, in order. */
  requests: { id: string; trigger: string; messageId?: string; messages: UIMessage[] }[];
  /** How many model streams were cut short by the client closing the connection. */
  aborted(): number;
  close(): Promise<void>;
}

const words = (text: string) => text.split(/(?<= )/);

/** The text of the prompt's last user message, and whether a tool result came after it. */
function lastTurn(prompt: LanguageModelV3CallOptions['prompt']): { user: string; toolResult: unknown } {
  let user = '';
  let toolResult: unknown;
  for (const message of prompt) {
    if (message.role === 'user') {
      user = message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
      toolResult = undefined;
    } else if (message.role === 'tool') {
      for (const part of message.content) {
        if (part.type === 'tool-result') toolResult = part.output;
      }
    }
  }
  return { user, toolResult };
}

function answer(prompt: LanguageModelV3CallOptions['prompt']): {
  parts: LanguageModelV3StreamPart[];
  delayMs: number;
} {
  const { user, toolResult } = lastTurn(prompt);
  const usage = {
    inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 7, text: 7, reasoning: undefined },
  };
  const text = (id: string, value: string): LanguageModelV3StreamPart[] => [
    { type: 'text-start', id },
    ...words(value).map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id, delta })),
    { type: 'text-end', id },
  ];
  const finish = (unified: 'stop' | 'tool-calls'): LanguageModelV3StreamPart => ({
    type: 'finish',
    finishReason: { unified, raw: unified },
    usage,
  });
  if (toolResult !== undefined) {
    const value = toolResult as { type?: string; value?: unknown; reason?: string };
    if (value.type === 'execution-denied') {
      return {
        parts: [
          { type: 'stream-start', warnings: [] },
          ...text('t2', `I did not do it (${value.reason ?? 'no reason given'}).`),
          finish('stop'),
        ],
        delayMs: 2,
      };
    }
    const summary = value.type === 'json' ? JSON.stringify(value.value) : String(value.value ?? '');
    return {
      parts: [
        { type: 'stream-start', warnings: [] },
        ...text('t2', `Here is what I found: ${summary}`),
        finish('stop'),
      ],
      delayMs: 2,
    };
  }
  const weather = /weather in (\w+)/i.exec(user);
  const deletion = /delete (\S+)/i.exec(user);
  const zone = /time zone/i.test(user);
  if (weather !== null || deletion !== null || zone) {
    const name = weather !== null ? 'get_weather' : deletion !== null ? 'delete_file' : 'get_time_zone';
    const input =
      weather !== null ? `{"city":"${weather[1]}"}` : deletion !== null ? `{"path":"${deletion[1]}"}` : '{}';
    const id = `call_${name}_${prompt.length}`;
    return {
      parts: [
        { type: 'stream-start', warnings: [] },
        ...text('t1', 'Let me check. '),
        { type: 'tool-input-start', id, toolName: name },
        { type: 'tool-input-delta', id, delta: input.slice(0, 6) },
        { type: 'tool-input-delta', id, delta: input.slice(6) },
        { type: 'tool-input-end', id },
        { type: 'tool-call', toolCallId: id, toolName: name, input },
        finish('tool-calls'),
      ],
      delayMs: 2,
    };
  }
  if (/slowly/i.test(user)) {
    const long = Array.from({ length: 200 }, (_, i) => `word${i} `).join('');
    return {
      parts: [{ type: 'stream-start', warnings: [] }, ...text('t1', long), finish('stop')],
      delayMs: 25,
    };
  }
  const reasoning: LanguageModelV3StreamPart[] = /think/i.test(user)
    ? [
        { type: 'reasoning-start', id: 'r1' },
        { type: 'reasoning-delta', id: 'r1', delta: 'The user wants me to think. ' },
        { type: 'reasoning-end', id: 'r1' },
      ]
    : [];
  return {
    parts: [
      { type: 'stream-start', warnings: [] },
      ...reasoning,
      ...text('t1', `You said: ${user}`),
      finish('stop'),
    ],
    delayMs: 2,
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the backend on 127.0.0.1 (a port of the system's choosing). */
export async function startAiSdkBackend(): Promise<AiSdkBackend> {
  const requests: AiSdkBackend['requests'] = [];
  let aborted = 0;
  const tools = {
    get_weather: tool({
      description: 'The weather in a city',
      inputSchema: jsonSchema<{ city: string }>({
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      }),
      execute: async ({ city }) => ({ city, tempC: 18, condition: 'foggy' }),
    }),
    delete_file: tool({
      description: 'Deletes a file',
      inputSchema: jsonSchema<{ path: string }>({
        type: 'object',
        properties: { path: { type: 'string' } },
        required: ['path'],
      }),
      needsApproval: true,
      execute: async ({ path }) => ({ deleted: path }),
    }),
    // No `execute`: the client runs it (`useChat`'s `onToolCall`, then `addToolOutput`).
    get_time_zone: tool({
      description: "The user's time zone, from the browser",
      inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }),
    }),
  };

  const server: Server = createServer(async (request, response) => {
    if (request.method !== 'POST' || request.url !== '/api/chat') {
      response.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await readBody(request)) as AiSdkBackend['requests'][number];
    requests.push(body);
    let messages: UIMessage[];
    try {
      // `tools` checks the tool parts' input against the schemas (typed loosely: it takes any tool set).
      messages = await validateUIMessages({ messages: body.messages, tools: tools as never });
    } catch (error) {
      response.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      return;
    }
    const controller = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) {
        aborted++;
        controller.abort();
      }
    });
    const model = new MockLanguageModelV3({
      doStream: async ({ prompt }) => {
        const { parts, delayMs } = answer(prompt);
        return { stream: simulateReadableStream({ chunks: parts, chunkDelayInMs: delayMs }) };
      },
    });
    const result = streamText({
      model,
      messages: await convertToModelMessages(messages),
      tools,
      stopWhen: stepCountIs(4),
      abortSignal: controller.signal,
    });
    result.pipeUIMessageStreamToResponse(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    api: `http://127.0.0.1:${port}/api/chat`,
    requests,
    aborted: () => aborted,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

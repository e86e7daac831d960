import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, AIMessageChunk, type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { END, interrupt, MessagesAnnotation, START, StateGraph } from '@langchain/langgraph';

/**
 * The graphs of the LangGraph API server the tests run (`server.ts`): a supervisor that hands
 * over to two sub-agents compiled as subgraphs, `researcher` (a ReAct loop that calls
 * `get_weather`) and `writer` (one `draft` node), on a scripted streaming chat model. A user
 * message that says "slowly" makes every token wait 60 ms, so a test can stop a run or drop its
 * connection while it streams.
 */

/** What the model says for one call: text, and the tool calls after it. */
interface Turn {
  text: string;
  calls?: { id: string; name: string; args: Record<string, unknown> }[];
}

let messageCounter = 0;

/** Whether the conversation's last human message asks for slowness. */
function isSlow(messages: BaseMessage[]): boolean {
  const human = messages.findLast((message) => message.getType() === 'human');
  return typeof human?.content === 'string' && human.content.includes('slowly');
}

/** A chat model that streams what `script` says, a word at a time (and tool arguments in two pieces). */
class ScriptedChatModel extends BaseChatModel {
  readonly #script: (messages: BaseMessage[]) => Turn;

  constructor(script: (messages: BaseMessage[]) => Turn) {
    super({});
    this.#script = script;
  }

  _llmType(): string {
    return 'scripted';
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const turn = this.#script(messages);
    const message = new AIMessage({
      content: turn.text,
      tool_calls: (turn.calls ?? []).map((call) => ({ ...call, type: 'tool_call' as const })),
    });
    return { generations: [{ text: turn.text, message }] };
  }

  override async *_streamResponseChunks(
    messages: BaseMessage[],
    _options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): AsyncGenerator<ChatGenerationChunk> {
    const turn = this.#script(messages);
    const id = `run-scripted-${++messageCounter}`;
    const delay = isSlow(messages) ? 60 : 2;
    const pieces: AIMessageChunk[] = turn.text
      .split(/(?<= )/)
      .filter((word) => word !== '')
      .map((word) => new AIMessageChunk({ id, content: word }));
    for (const call of turn.calls ?? []) {
      const args = JSON.stringify(call.args);
      const cut = Math.floor(args.length / 2);
      // Index 1: a tool call chunk at the text's index would be merged into the text block.
      pieces.push(
        new AIMessageChunk({
          id,
          content: '',
          tool_call_chunks: [
            { index: 1, id: call.id, name: call.name, args: args.slice(0, cut), type: 'tool_call_chunk' },
          ],
        }),
        new AIMessageChunk({
          id,
          content: '',
          tool_call_chunks: [{ index: 1, args: args.slice(cut), type: 'tool_call_chunk' }],
        }),
      );
    }
    pieces.push(
      new AIMessageChunk({
        id,
        content: '',
        response_metadata: { finish_reason: turn.calls?.length ? 'tool_calls' : 'stop' },
        usage_metadata: { input_tokens: 20, output_tokens: pieces.length, total_tokens: 20 + pieces.length },
      }),
    );
    for (const message of pieces) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      const chunk = new ChatGenerationChunk({
        text: typeof message.content === 'string' ? message.content : '',
        message,
      });
      yield chunk;
      await runManager?.handleLLMNewToken(chunk.text, undefined, undefined, undefined, undefined, { chunk });
    }
  }
}

const supervisorModel = new ScriptedChatModel(() => ({
  text: 'Routing to the researcher, then the writer.',
}));

const researcherModel = new ScriptedChatModel((messages) => {
  const last = messages.at(-1);
  if (last?.getType() === 'tool') return { text: `Research done: ${String(last.content)}` };
  return {
    text: 'Looking it up. ',
    calls: [{ id: `call_weather_${messages.length}`, name: 'get_weather', args: { city: 'San Francisco' } }],
  };
});

const writerModel = new ScriptedChatModel((messages) => ({
  text: isSlow(messages)
    ? Array.from({ length: 60 }, (_, i) => `word${i} `).join('')
    : 'Here is your forecast: a cool, foggy morning in San Francisco.',
}));

/** Runs the tool calls of the last AI message (`get_weather` only). */
async function tools(state: typeof MessagesAnnotation.State) {
  const last = state.messages.at(-1) as AIMessage;
  return {
    messages: (last.tool_calls ?? []).map(
      (call) =>
        new ToolMessage({
          tool_call_id: call.id ?? '',
          name: call.name,
          content: `18C and foggy in ${String((call.args as { city?: string }).city)}.`,
        }),
    ),
  };
}

const researcher = new StateGraph(MessagesAnnotation)
  .addNode('agent', async (state) => ({ messages: [await researcherModel.invoke(state.messages)] }))
  .addNode('tools', tools)
  .addEdge(START, 'agent')
  .addConditionalEdges('agent', (state) =>
    (state.messages.at(-1) as AIMessage).tool_calls?.length ? 'tools' : END,
  )
  .addEdge('tools', 'agent')
  .compile();

const writer = new StateGraph(MessagesAnnotation)
  .addNode('draft', async (state) => ({ messages: [await writerModel.invoke(state.messages)] }))
  .addEdge(START, 'draft')
  .addEdge('draft', END)
  .compile();

/** The supervisor: it answers, then hands over to the researcher, then to the writer. */
export const supervisor = new StateGraph(MessagesAnnotation)
  .addNode('supervisor', async (state) => ({ messages: [await supervisorModel.invoke(state.messages)] }))
  .addNode('researcher', researcher)
  .addNode('writer', writer)
  .addEdge(START, 'supervisor')
  .addEdge('supervisor', 'researcher')
  .addEdge('researcher', 'writer')
  .addEdge('writer', END)
  .compile();

/** The model of the `approvals` graph: it asks to delete the file the user names, then reports. */
const fileModel = new ScriptedChatModel((messages) => {
  const last = messages.at(-1);
  if (last?.getType() === 'tool') return { text: `Result: ${String(last.content)}` };
  const human = messages.findLast((message) => message.getType() === 'human');
  const path = /delete (\S+)/i.exec(String(human?.content ?? ''))?.[1] ?? 'nothing';
  return {
    text: 'I will delete it. ',
    calls: [{ id: `call_delete_${messages.length}`, name: 'delete_file', args: { path } }],
  };
});

/**
 * A review step before a tool runs, as LangGraph's human-in-the-loop guide writes it: `review`
 * calls `interrupt({question, tool_call, allowed})`; resumed with `{action: "approve"}` (or
 * `{action: "edit", args}`) the tool runs, anything else answers the call with the reason.
 */
export const approvals = new StateGraph(MessagesAnnotation)
  .addNode('agent', async (state) => ({ messages: [await fileModel.invoke(state.messages)] }))
  .addNode('review', async (state) => {
    const call = (state.messages.at(-1) as AIMessage).tool_calls![0]!;
    const decision = interrupt({
      question: `Delete ${String(call.args.path)}?`,
      tool_call: call,
      allowed: ['approve', 'edit', 'reject'],
    }) as {
      action?: string;
      args?: { path?: string };
      reason?: string;
    };
    const path = decision.action === 'edit' ? decision.args?.path : call.args.path;
    const content =
      decision.action === 'approve' || decision.action === 'edit'
        ? `Deleted ${String(path)}.`
        : `Not deleted: ${decision.reason ?? 'rejected'}.`;
    return { messages: [new ToolMessage({ tool_call_id: call.id ?? '', name: call.name, content })] };
  })
  .addEdge(START, 'agent')
  .addConditionalEdges('agent', (state) =>
    (state.messages.at(-1) as AIMessage).tool_calls?.length ? 'review' : END,
  )
  .addEdge('review', 'agent')
  .compile();

/** A sub-agent that asks the person a question (`interrupt("Which city?")`) and answers with it. */
const asker = new StateGraph(MessagesAnnotation)
  .addNode('ask', async () => {
    const city = interrupt('Which city?') as string;
    return {
      messages: [new AIMessage({ id: `run-asker-${++messageCounter}`, content: `You chose ${city}.` })],
    };
  })
  .addEdge(START, 'ask')
  .addEdge('ask', END)
  .compile();

/** A graph that hands over to the `asker` sub-agent after a word of its own. */
export const questions = new StateGraph(MessagesAnnotation)
  .addNode('prepare', async (state) => ({ messages: [await supervisorModel.invoke(state.messages)] }))
  .addNode('asker', asker)
  .addEdge(START, 'prepare')
  .addEdge('prepare', 'asker')
  .addEdge('asker', END)
  .compile();

import { scenario } from '../builder.js';
import type { Scenario } from '../format.js';

/** The sub-agent's answer in `subagent-delegation`, streamed as its `delegation_result`. */
export const RESEARCH_ANSWER =
  'There were four incidents in Q3. Two were caused by expired TLS certificates, one by a database failover that took 11 minutes, and one by a misconfigured feature flag. All four were resolved within the SLA.';

/** A supervisor hands a task to a sub-agent that calls a tool and streams its result. */
export function subagentDelegation(): Scenario {
  return scenario(
    'subagent-delegation',
    'The supervisor delegates to research_agent (delegation_call); the sub-agent calls search_incidents (parent_call_id and agent set) and streams its delegation_result in parts; the supervisor then answers.',
    { keywords: ['delegate', 'delegation', 'sub-agent', 'subagent', 'research', 'incident'] },
  )
    .text('I will hand this to the research agent.', { firstDelay: 300 })
    .delegation(
      {
        agent: 'research_agent',
        task: 'Summarise the Q3 incident reports',
        summary: 'Research the Q3 incidents',
      },
      (sub) => {
        sub.stream('Looking through the incident tracker. ', { firstDelay: 400 });
        sub.call({
          tool: 'search_incidents',
          summary: 'Incidents in Q3',
          args: { quarter: 'Q3', status: 'resolved' },
          result: { output: '4 incidents: INC-101, INC-114, INC-120, INC-131', delay: 700 },
        });
        sub.stream(RESEARCH_ANSWER, { firstDelay: 300 });
      },
    )
    .text(
      ' The research agent found four Q3 incidents: two expired certificates, one database failover and one feature-flag mistake, all resolved within the SLA.',
      { firstDelay: 300 },
    )
    .done()
    .build();
}

/** The nested sub-agent's answer in `nested-delegation`. */
export const CONFLUENCE_ANSWER =
  'The checklist is the page "New Joiner Onboarding" in the HR space. It has 12 steps; the first three are: request a laptop, set up SSO, and book the welcome session.';

/** Two levels of delegation; the inner sub-agent searches Confluence. */
export function nestedDelegation(): Scenario {
  return scenario(
    'nested-delegation',
    'Two levels of delegation: the supervisor delegates to knowledge_agent, which delegates to confluence_agent, which searches Confluence and reads a page; both delegation_results stream, the answer cites the page.',
    { keywords: ['confluence', 'wiki', 'onboarding', 'nested'] },
  )
    .text('Let me ask the knowledge agent.', { firstDelay: 300 })
    .delegation(
      {
        agent: 'knowledge_agent',
        task: 'Find the onboarding checklist for new joiners',
        summary: 'Find the onboarding checklist',
      },
      (knowledge) => {
        knowledge.stream('This lives in Confluence; asking the Confluence agent. ', { firstDelay: 350 });
        knowledge.delegation(
          {
            agent: 'confluence_agent',
            task: 'Search Confluence for the onboarding checklist',
            summary: 'Search Confluence',
          },
          (confluence) => {
            confluence.call({
              tool: 'confluence_search',
              summary: 'Search "onboarding checklist"',
              args: { query: 'onboarding checklist', space: 'HR', limit: 3 },
              result: {
                output:
                  '[{"id":"12345","title":"New Joiner Onboarding","space":"HR"},{"id":"12399","title":"Onboarding FAQ","space":"HR"}]',
                delay: 800,
              },
            });
            confluence.call({
              tool: 'confluence_get_page',
              summary: 'Read "New Joiner Onboarding"',
              args: { page_id: '12345' },
              result: {
                output:
                  'New Joiner Onboarding. 1. Request a laptop. 2. Set up SSO. 3. Book the welcome session. 4. Meet your buddy. …',
                delay: 600,
                stream: { wordsPerChunk: 4, delay: 40 },
              },
            });
            confluence.stream(CONFLUENCE_ANSWER, { firstDelay: 300 });
          },
        );
        knowledge.stream('The Confluence agent found the checklist: 12 steps on "New Joiner Onboarding".', {
          firstDelay: 250,
        });
      },
    )
    .text(
      ' The onboarding checklist is on the Confluence page "New Joiner Onboarding" (HR space): 12 steps, starting with requesting a laptop, setting up SSO and booking the welcome session.',
      { firstDelay: 300 },
    )
    .citations(['https://confluence.example.com/display/HR/New+Joiner+Onboarding'])
    .done()
    .build();
}

import { scenario } from '../builder.js';
import type { Scenario } from '../format.js';

/**
 * Hostile strings a chat UI must show as text and never run. Every `alert` names its payload,
 * so a browser test that sees a dialog knows which one got through. Single quotes only: the
 * strings then read the same in JSON (the arguments disclosure) as in text.
 */
export const XSS_PAYLOADS = {
  script: "<script>alert('xss-script')</script>",
  img: "<img src=x onerror=alert('xss-img')>",
  svg: "<svg onload=alert('xss-svg')><circle r=40></circle></svg>",
  handler: "<b onmouseover=alert('xss-hover') onclick=alert('xss-click')>bold?</b>",
  rawLink: "<a href=javascript:alert('xss-raw-link')>raw link</a>",
  iframe: "<iframe src=javascript:alert('xss-iframe')></iframe>",
  markdownLink: "[markdown link](javascript:alert('xss-md-link'))",
  markdownImage: "![markdown image](javascript:alert('xss-md-image'))",
  autolink: "<javascript:alert('xss-autolink')>",
  dataLink: '[data link](data:text/html;base64,PHNjcmlwdD5hbGVydCgneHNzLWRhdGEnKTwvc2NyaXB0Pg==)',
  javascriptUrl: "javascript:alert('xss-url')",
  dataUrl: "data:text/html,<script>alert('xss-data-url')</script>",
} as const;

/** The payloads written as raw HTML tags: a safe UI shows each of these strings as it is. */
export const XSS_TAG_PAYLOADS = [
  XSS_PAYLOADS.script,
  XSS_PAYLOADS.img,
  XSS_PAYLOADS.svg,
  XSS_PAYLOADS.handler,
  XSS_PAYLOADS.rawLink,
  XSS_PAYLOADS.iframe,
] as const;

const P = XSS_PAYLOADS;

/**
 * Hostile content everywhere stream data is shown: the message text, a streamed tool output
 * (`stream_part`s), a complete `tool_response`, `tool_call_details` values (summary, arguments,
 * others), a sub-agent's streamed `delegation_result`, and citations.
 */
export function xssPayloads(): Scenario {
  return scenario(
    'xss-payloads',
    'XSS payloads (script tags, <img onerror>, event-handler attributes, javascript: links in markdown and raw HTML, SVG onload, data: URLs) in the message text, a streamed tool output, a complete tool_response, tool_call_details values, a delegation_result and citations; a safe UI shows them all as text.',
    { keywords: ['xss', 'payloads', 'sanitize'] },
  )
    .text(
      `Payloads in the message text: ${P.script} ${P.img} ${P.svg} ${P.handler} ${P.rawLink} ${P.iframe} and in markdown: ${P.markdownLink} ${P.markdownImage} ${P.autolink} ${P.dataLink}.`,
      { firstDelay: 200, delay: 20 },
    )
    .call({
      tool: 'fetch_page',
      summary: `Fetch ${P.img}`,
      args: { url: P.javascriptUrl, html: P.svg },
      details: { note: P.handler, homepage: P.javascriptUrl, markup: P.script },
      result: {
        output: `Streamed output: ${P.script} ${P.svg} ${P.rawLink} ${P.markdownLink}`,
        stream: { wordsPerChunk: 2, delay: 30 },
        delay: 300,
        details: { source: P.rawLink, preview: P.dataUrl },
      },
    })
    .call({
      tool: 'render_widget',
      summary: 'Render the widget',
      args: { template: P.iframe },
      result: { output: `Complete output: ${P.img} ${P.handler} ${P.iframe} ${P.markdownImage}`, delay: 300 },
    })
    .delegation({ agent: 'web_agent', task: `Summarise ${P.svg}`, summary: 'Ask the web agent' }, (sub) => {
      sub.stream(`Sub-agent says: ${P.img} ${P.rawLink} ${P.autolink}`, { firstDelay: 200, delay: 30 });
    })
    .citations([P.javascriptUrl, P.script, P.dataUrl, P.rawLink, 'https://example.com/safe-source'])
    .text(' Every payload above should read as plain text.', { firstDelay: 150 })
    .done()
    .build();
}

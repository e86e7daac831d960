import type { ToolStreamError } from '@toolstream/core';

/**
 * What went wrong, in words for the person using the chat rather than for its developer: the
 * HTTP status when there is one, the wait the server asked for, the agent's own message when it
 * sent one. The code stays on the element (`data-code`) for styling and tests.
 */
export function describeError(error: ToolStreamError): string {
  switch (error.code) {
    case 'http':
      if (error.status === 401 || error.status === 403)
        return `The server refused the request (HTTP ${error.status}). You may need to sign in again.`;
      if (error.status === 404) return 'The chat service was not found (HTTP 404).';
      if (error.status >= 500) return `The server returned an error (HTTP ${error.status}).`;
      return `The server could not handle the request (HTTP ${error.status}).`;
    case 'rate-limited':
      return error.retryAfterMs === undefined
        ? 'Too many requests right now.'
        : `Too many requests right now. The server asked to wait ${Math.ceil(error.retryAfterMs / 1000)} s.`;
    case 'timeout':
      return error.status === 408 ? 'The server timed out (HTTP 408).' : 'The server stopped responding.';
    case 'network':
      return 'The connection to the server was lost.';
    case 'content-type':
      return error.body.trimStart().startsWith('<')
        ? 'The server answered with a web page instead of a chat stream. Are you signed in?'
        : 'The server answered, but not with a chat stream.';
    case 'server':
      return error.message === ''
        ? 'The agent stopped with an error.'
        : `The agent stopped with an error: ${error.message}`;
    case 'protocol':
      return 'Part of the answer could not be read.';
    case 'tool-failed':
      return `A tool failed: ${error.message}`;
    case 'resume-failed':
      return 'The answer in progress could not be picked up again.';
    default:
      return 'Something went wrong.';
  }
}

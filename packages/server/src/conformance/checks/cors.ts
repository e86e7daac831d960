import { RUN_ID_HEADER } from '@toolstream/core';
import { runIdOf } from '../backend-client.js';
import { type ConformanceCheck, fail, pass, skip } from '../check.js';
import type { ConformanceContext } from '../conformance-context.js';
import { describeAnswer, describeRequest } from '../describe.js';
import type { StreamRecording } from '../sse-session.js';

/** The cross-origin requests a browser client makes, and what each is for. */
const METHODS = {
  POST: 'starting a run',
  GET: 're-attaching with Last-Event-ID',
  DELETE: 'cancelling a run',
} as const;
type CorsMethod = keyof typeof METHODS;

/** A preflight sent, and its answer. */
interface Preflight {
  /** The headers named in `Access-Control-Request-Headers`. */
  requested: readonly string[];
  answer: StreamRecording;
}

/** The CORS preflights, and whether the backend offers CORS at all. */
export interface CorsProbe {
  offered: boolean;
  /** Why CORS counts as not offered (the detail of the skipped checks). */
  why: string;
  preflights: Record<CorsMethod, Preflight>;
}

/**
 * Request headers a browser names in a preflight without a script's asking (safelisted) or
 * never lets a script set (forbidden): a preflight does not list them.
 */
const NOT_LISTED = new Set([
  'accept',
  'accept-language',
  'content-language',
  'connection',
  'content-length',
  'cookie',
  'host',
  'origin',
  'referer',
]);

/**
 * Sends the three preflights a browser client on another origin sends, each to the URL of its
 * request (`<endpoint>` for POST, `<endpoint>/<runId>` for GET and DELETE), listing the
 * headers the core's HTTP transport sets (and the caller's own, which a browser app would set
 * too). CORS counts as offered when the caller named an origin, or when any preflight answer or
 * the POST sent with `Origin` (the cancel run's) carries an `Access-Control-Allow-*` header.
 */
export async function probeCors(context: ConformanceContext): Promise<CorsProbe> {
  const { client, settings } = context;
  const reference = await context.reference();
  const runUrl = client.runUrl(runIdOf(reference) ?? 'conformance-preflight');
  const preflights = {} as Record<CorsMethod, Preflight>;
  for (const method of Object.keys(METHODS) as CorsMethod[]) {
    const own = method === 'POST' ? ['content-type'] : method === 'GET' ? ['last-event-id'] : [];
    const requested = [...new Set([...own, ...settings.headerNames])]
      .filter((name) => !NOT_LISTED.has(name))
      .sort();
    const url = method === 'POST' ? client.endpoint : runUrl;
    preflights[method] = {
      requested,
      answer: await client.preflight(url, method, requested, settings.origin),
    };
  }
  const post = (await context.cancelRun()).post;
  const offered =
    settings.originGiven ||
    Object.values(preflights).some((preflight) => allowsAnything(preflight.answer)) ||
    post.head?.headers.has('access-control-allow-origin') === true;
  const first = preflights.POST.answer;
  const why = `The backend offers no CORS: ${describeRequest(first.request)} ${describeAnswer(first)}, with no Access-Control-Allow-* header, and neither did the other preflights nor the POST sent with Origin: ${settings.origin}. Only pages of its own origin can use it, and they need no CORS. To require CORS for an origin your app runs on, name it (origin, --origin).`;
  return { offered, why, preflights };
}

/** A check that the preflight for `method` allows the request. */
function preflightCheck(method: CorsMethod): ConformanceCheck {
  return {
    name: `cors-preflight-${method.toLowerCase() as Lowercase<CorsMethod>}`,
    title: `A CORS preflight for ${method} (${METHODS[method]}) is allowed`,
    async run(context) {
      const probe = await context.cors();
      if (!probe.offered) return skip(probe.why);
      const { answer, requested } = probe.preflights[method];
      const origin = context.settings.origin;
      const sent = describeRequest(answer.request);
      const head = answer.head;
      const problems: string[] = [];
      if (head === null) problems.push('there was no answer');
      else {
        if (head.status < 200 || head.status > 299) problems.push(`the status is ${head.status}, not 2xx`);
        const allowOrigin = head.headers.get('access-control-allow-origin');
        if (allowOrigin === null) problems.push('there is no Access-Control-Allow-Origin');
        else if (allowOrigin !== origin && allowOrigin !== '*') {
          problems.push(`Access-Control-Allow-Origin is ${allowOrigin}, not ${origin} (or *)`);
        }
        // GET and POST are safelisted methods: only DELETE must be listed.
        const methods = list(head.headers.get('access-control-allow-methods'));
        if (method === 'DELETE' && !methods.includes('delete') && !methods.includes('*')) {
          problems.push(
            `Access-Control-Allow-Methods (${shown(head.headers, 'access-control-allow-methods')}) lacks DELETE`,
          );
        }
        const allowed = list(head.headers.get('access-control-allow-headers'));
        // `*` allows any header but `authorization`, which must be named (Fetch standard).
        const missing = requested.filter(
          (name) => !allowed.includes(name) && !(allowed.includes('*') && name !== 'authorization'),
        );
        if (missing.length > 0) {
          problems.push(
            `Access-Control-Allow-Headers (${shown(head.headers, 'access-control-allow-headers')}) lacks ${missing.join(', ')}`,
          );
        }
      }
      if (problems.length > 0) {
        return fail(
          `${sent} ${describeAnswer(answer)}: ${problems.join('; ')}. A browser on another origin sends this preflight before ${METHODS[method]} and sends the request only when the answer allows its origin, method and headers (the CORS protocol of the Fetch standard).`,
        );
      }
      return pass(
        `${sent} answered ${head!.status}, allowing ${method}${requested.length === 0 ? '' : ` with ${requested.join(', ')}`} from ${origin}`,
      );
    },
  };
}

export const corsPreflightPost = preflightCheck('POST');
export const corsPreflightGet = preflightCheck('GET');
export const corsPreflightDelete = preflightCheck('DELETE');

/** The POST's answer to a request with `Origin` lets the page read `X-Run-Id` (PROTOCOL.md §5 rule 1). */
export const corsExposeRunId: ConformanceCheck = {
  name: 'cors-expose-run-id',
  title: 'The POST answer exposes X-Run-Id to other origins (Access-Control-Expose-Headers)',
  async run(context) {
    const probe = await context.cors();
    if (!probe.offered) return skip(probe.why);
    const { post } = await context.cancelRun();
    const origin = context.settings.origin;
    const sent = describeRequest(post.request);
    const head = post.head;
    if (head === null || head.status < 200 || head.status > 299) {
      return fail(
        `${sent} ${describeAnswer(post)}. A POST from a page on another origin carries Origin and must start the run like any other.`,
      );
    }
    const problems: string[] = [];
    const allowOrigin = head.headers.get('access-control-allow-origin');
    if (allowOrigin === null)
      problems.push('there is no Access-Control-Allow-Origin, so the page cannot read the answer at all');
    else if (allowOrigin !== origin && allowOrigin !== '*') {
      problems.push(`Access-Control-Allow-Origin is ${allowOrigin}, not ${origin} (or *)`);
    }
    const exposed = list(head.headers.get('access-control-expose-headers'));
    // `*` exposes every header, except on a request with credentials, where it is a header name.
    const wildcard = exposed.includes('*') && head.headers.get('access-control-allow-credentials') !== 'true';
    if (!exposed.includes(RUN_ID_HEADER.toLowerCase()) && !wildcard) {
      problems.push(
        `Access-Control-Expose-Headers (${shown(head.headers, 'access-control-expose-headers')}) lacks ${RUN_ID_HEADER}, so a script on another origin cannot read the run id: its client can neither re-attach after a drop nor cancel`,
      );
    }
    if (problems.length > 0) {
      return fail(
        `${sent} answered ${head.status}: ${problems.join('; ')}. PROTOCOL.md §5 rule 1: browsers only expose ${RUN_ID_HEADER} across origins with Access-Control-Expose-Headers: ${RUN_ID_HEADER}.`,
      );
    }
    return pass(
      `${sent} answered with Access-Control-Expose-Headers: ${head.headers.get('access-control-expose-headers')}`,
    );
  },
};

/** Whether an answer carries any `Access-Control-Allow-*` header. */
function allowsAnything(answer: StreamRecording): boolean {
  if (answer.head === null) return false;
  for (const [name] of answer.head.headers) if (name.startsWith('access-control-allow-')) return true;
  return false;
}

/** A comma-separated header as lower-case items. */
function list(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');
}

/** A header's value for a detail, or `missing`. */
function shown(headers: Headers, name: string): string {
  return headers.get(name) ?? 'missing';
}

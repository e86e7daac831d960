/**
 * The sequence number a re-attach asks to continue after: `Last-Event-ID` (or the `lastEventId`
 * query parameter, for clients that cannot set headers), `0` when absent. `null` when it is not
 * an id this server writes (a non-negative integer).
 */
export function requestedAfter(request: Request, url: URL): number | null {
  const raw = request.headers.get('last-event-id') ?? url.searchParams.get('lastEventId') ?? '';
  const text = raw.trim();
  if (text === '') return 0;
  if (!/^(0|[1-9]\d{0,15})$/.test(text)) return null;
  const seq = Number(text);
  return Number.isSafeInteger(seq) ? seq : null;
}

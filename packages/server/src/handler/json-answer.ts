/** A JSON answer for a request the handler refuses: `{"error": {"message", "code"}}`. */
export function jsonError(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify({ error: { message, code } }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** An answer with no body (204, a preflight). */
export function empty(status: number, headers: Record<string, string> = {}): Response {
  return new Response(null, { status, headers });
}

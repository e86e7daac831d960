/** Why a body was refused. */
export type BodyProblem = { status: 413; message: string } | { status: 400; message: string };

/**
 * Reads a request's JSON body, at most `maxBytes` of it: the object, or what is wrong with it.
 * An empty body is `{}`. `__proto__` keys are dropped while parsing, so code that copies the body
 * with `Object.assign` or a spread cannot have its prototype changed by a request.
 */
export async function readJsonBody(
  request: Request,
  maxBytes: number,
): Promise<{ body: Record<string, unknown> } | { problem: BodyProblem }> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) return { problem: tooLarge(maxBytes) };
  let text = '';
  if (request.body !== null) {
    const reader = request.body.getReader();
    const decoder = new TextDecoder();
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return { problem: tooLarge(maxBytes) };
      }
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  }
  if (text.trim() === '') return { body: {} };
  let value: unknown;
  try {
    value = JSON.parse(text, (key, inner) => (key === '__proto__' ? undefined : inner));
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : 'invalid JSON';
    return { problem: { status: 400, message: `The body is not JSON (${reason}).` } };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: { status: 400, message: 'The body must be a JSON object, like {"message": "…"}.' } };
  }
  return { body: value as Record<string, unknown> };
}

function tooLarge(maxBytes: number): BodyProblem {
  return { status: 413, message: `The body is larger than ${maxBytes} bytes.` };
}

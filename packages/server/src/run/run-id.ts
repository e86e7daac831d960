/**
 * A new run id: 128 random bits from the platform's CSPRNG, base64url (22 characters) behind
 * `run_`. A run id is all a client needs to read or cancel a run when no `authorize` is set, so it
 * must not be guessable.
 */
export function newRunId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `run_${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
}

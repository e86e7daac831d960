/** What a client tool's failure tells the model: its message, or a plain word when it has none. */
export function toolInputError(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  if (typeof error === 'string' && error !== '') return error;
  return 'The tool failed in the browser.';
}

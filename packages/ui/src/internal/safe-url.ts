/**
 * The URL to link to when `value` is an absolute http(s) URL, else `null`. Stream content is
 * untrusted: anything else (`javascript:`, `data:`, relative paths, file names) renders as text.
 */
export function safeHttpUrl(value: string): string | null {
  // Control characters can hide a scheme from naive checks; URL parsing strips some of them, so
  // refuse them outright rather than reason about which.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

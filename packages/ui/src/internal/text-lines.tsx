/** Text with its line breaks kept (a `<br>` between lines) and nothing else interpreted. */
export function TextLines({ lines }: { lines: readonly string[] }) {
  return lines.map((line, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, in order
    <span key={index}>
      {index > 0 && <br />}
      {line}
    </span>
  ));
}

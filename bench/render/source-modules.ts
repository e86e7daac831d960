import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Maps a line of an unminified bundle back to the module it came from: Rolldown writes a
 * `// <path>` comment before each module's code (`// packages/ui/src/thread/use-stick-to-bottom.ts`),
 * so the nearest such comment above a line names its source file.
 */
export type ModuleOf = (file: string, line: number) => string | null;

const MODULE_COMMENT = /^\/\/ ((?:packages|bench|apps|node_modules)\/\S+)$/;

export async function readModuleMap(assetsDir: string): Promise<ModuleOf> {
  const starts = new Map<string, { line: number; module: string }[]>();
  for (const name of await readdir(assetsDir)) {
    if (!name.endsWith('.js')) continue;
    const lines = (await readFile(join(assetsDir, name), 'utf8')).split('\n');
    const found: { line: number; module: string }[] = [];
    lines.forEach((text, index) => {
      const match = MODULE_COMMENT.exec(text);
      if (match !== null) found.push({ line: index + 1, module: match[1]! });
    });
    starts.set(name, found);
  }
  return (file, line) => {
    const found = starts.get(file.split('/').pop() ?? '');
    if (found === undefined) return null;
    let module: string | null = null;
    for (const start of found) {
      if (start.line > line) break;
      module = start.module;
    }
    return module;
  };
}

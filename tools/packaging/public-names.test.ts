import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PUBLISHED, REPO, readManifest } from './packages.js';

/**
 * The names each published package exports, read by the TypeScript checker from the sources every
 * `exports` entry points at (its `@toolstream/source` condition), each traced to the declaration
 * it stands for. A name two packages share must be one declaration re-exported (`@toolstream/react`
 * passes on the core's state types), never two things: an app importing `ToolCallStatus` from the
 * kit and a type of that name from the core would have to rename one of them.
 */
function publicNames(): Map<string, Map<string, string>> {
  const entries = PUBLISHED.flatMap(({ folder, name }) => {
    const dir = join(REPO, 'packages', folder);
    const exportsMap = readManifest(dir).exports as Record<string, unknown>;
    return Object.entries(exportsMap).flatMap(([subpath, target]) => {
      const source = (target as Record<string, unknown> | string)['@toolstream/source' as never];
      if (typeof source !== 'string') return [];
      return [{ entry: `${name}${subpath.slice(1)}`, file: join(dir, source) }];
    });
  });
  const config = ts.getParsedCommandLineOfConfigFile(
    join(REPO, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram(
    entries.map(({ file }) => file),
    config.options,
  );
  const checker = program.getTypeChecker();
  /** name → (package that exports it → where its declaration lives). */
  const names = new Map<string, Map<string, string>>();
  for (const { entry, file } of entries) {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (module === undefined) throw new Error(`${entry}: ${file} is not a module`);
    const packageName = entry.split('/').slice(0, 2).join('/');
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.declarations?.[0];
      const where = declaration
        ? `${relative(REPO, declaration.getSourceFile().fileName).split(sep).join('/')}#${symbol.name}`
        : `${entry}#${symbol.name}`;
      const owners = names.get(exported.name) ?? new Map<string, string>();
      owners.set(packageName, where);
      names.set(exported.name, owners);
    }
  }
  return names;
}

describe('public names', () => {
  const names = publicNames();

  it('reads every package’s entries', () => {
    // Names the READMEs document, one per package, so a read that finds nothing fails.
    expect(names.get('createToolStreamStore')?.has('@toolstream/core')).toBe(true);
    expect(names.get('useToolCallStream')?.has('@toolstream/react')).toBe(true);
    expect(names.get('Chat')?.has('@toolstream/ui')).toBe(true);
    expect(names.get('ToolCallStatus')?.has('@toolstream/ui')).toBe(true);
  });

  it('gives one meaning to each name across packages: a shared name is one declaration re-exported', () => {
    const clashes = [...names]
      .filter(([, owners]) => new Set(owners.values()).size > 1)
      .map(
        ([name, owners]) => `${name}: ${[...owners].map(([pkg, where]) => `${pkg} → ${where}`).join(', ')}`,
      );
    expect(clashes).toEqual([]);
  });
});

/**
 * The core must run where there is no React and no DOM (servers, workers, tests): importing
 * React fails here, and no source file may reach for it or for browser globals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';
import { callsOf } from './harness.js';
import { call, part, sse, text, tools } from './sse-builder.js';

vi.mock('react', () => {
  throw new Error('@toolstream/core must not import react');
});
vi.mock('react-dom', () => {
  throw new Error('@toolstream/core must not import react-dom');
});

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcRoot = join(packageRoot, 'src');

/** Browser globals the core must not touch (feature-detected scheduling aside). */
const DOM_GLOBALS = new Set([
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'customElements',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** What each file imports, and which DOM globals it references (resolved by the type checker). */
function analyse(files: readonly string[]): Map<string, { imports: string[]; domGlobals: string[] }> {
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const result = new Map<string, { imports: string[]; domGlobals: string[] }>();
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const imports: string[] = [];
    const domGlobals: string[] = [];
    const visit = (node: ts.Node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
        if (ts.isStringLiteral(node.moduleSpecifier)) imports.push(node.moduleSpecifier.text);
      } else if (ts.isCallExpression(node)) {
        const [first] = node.arguments;
        const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
        const required = ts.isIdentifier(node.expression) && node.expression.text === 'require';
        if ((dynamic || required) && first !== undefined && ts.isStringLiteralLike(first))
          imports.push(first.text);
      } else if (ts.isIdentifier(node) && DOM_GLOBALS.has(node.text)) {
        const declarations = checker.getSymbolAtLocation(node)?.declarations ?? [];
        if (declarations.some((d) => d.getSourceFile().fileName.endsWith('lib.dom.d.ts')))
          domGlobals.push(node.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    result.set(file, { imports, domGlobals });
  }
  return result;
}

describe('the core needs neither React nor a DOM', () => {
  it('runs without window or document', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
  });

  it('imports its public entry and reduces a stream while react cannot be imported', async () => {
    await expect(import('react')).rejects.toThrow();
    const core = await import('../src/index.js');
    const snapshot = await core.reduceStream(
      sse(
        text('Hi '),
        tools(part('c1', 'par')),
        tools(part('c1', 'tial', { complete: true })),
        text('there'),
      ),
    );
    expect(snapshot).toMatchObject({
      status: 'done',
      text: 'Hi there',
      toolCalls: [{ call_id: 'c1', output: 'partial', is_complete: true }],
    });
  });

  it('runs a store fed by hand', async () => {
    const core = await import('../src/index.js');
    const store = core.createToolStreamStore({ schedule: 'sync' } as Parameters<
      typeof core.createToolStreamStore
    >[0]);
    store.ingest(tools(call({ id: 'c1', name: 'search', response: 'ok' })));
    store.complete();
    expect(callsOf(store.getState()).c1).toMatchObject({ toolName: 'search' });
  });

  const files = sourceFiles(srcRoot);
  // A file that breaks every rule, to prove the check can see it (one program for all: it is slow).
  const probe = join(packageRoot, 'test', 'fixtures', 'dom-user.ts');
  const analysis = analyse([...files, probe]);

  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((path) => [relative(srcRoot, path), path]))(
    '%s imports no react and no DOM global',
    (_name, path) => {
      const { imports, domGlobals } = analysis.get(path)!;
      expect(imports.filter((specifier) => /^react(-dom)?(\/|$)/.test(specifier))).toEqual([]);
      expect(domGlobals).toEqual([]);
    },
  );

  it('the check sees DOM globals and react imports when they are there', () => {
    expect(analysis.get(probe)).toEqual({
      imports: ['react', 'react-dom/client'],
      domGlobals: ['window', 'document'],
    });
  });

  it('declares no React dependency', () => {
    const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      expect(Object.keys(manifest[field] ?? {}), field).not.toContain('react');
      expect(Object.keys(manifest[field] ?? {}), field).not.toContain('react-dom');
    }
  });
});

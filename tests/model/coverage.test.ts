/**
 * The model tier covers every machine: each machine a `src/machines/**\/*.machine.ts` module exports must be given to
 * `defineModel(<its exported name>, …)` in a test of tests/model that imports it from that module. defineModel then
 * makes the fixtures complete (graph-harness.ts), so a new machine, or a new event of a machine, cannot slip in
 * without a model test.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';

const root = path.resolve(import.meta.dirname, '../..');
const machinesDir = path.join(root, 'src/machines');
const testsDir = path.join(root, 'tests/model');

function files(dir: string, suffix: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, suffix);
    return entry.name.endsWith(suffix) ? [full] : [];
  });
}

const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  'config' in value &&
  typeof (value as AnyStateMachine).transition === 'function';

/** `module path (no extension) → names given to defineModel` for one test file's source. */
export function modelledExports(source: string, testFile: string): Map<string, Set<string>> {
  const imported = new Map<string, { module: string; name: string }>();
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+\.machine)'/g)) {
    const module = path.resolve(path.dirname(testFile), match[2]!);
    for (const part of match[1]!.split(',')) {
      const [name, alias] = part
        .replace(/\btype\b/, '')
        .trim()
        .split(/\s+as\s+/);
      if (name) imported.set((alias ?? name).trim(), { module, name: name.trim() });
    }
  }
  const modelled = new Map<string, Set<string>>();
  for (const match of source.matchAll(/defineModel\(\s*([A-Za-z_$][\w$]*)/g)) {
    const origin = imported.get(match[1]!);
    if (!origin) continue;
    if (!modelled.has(origin.module)) modelled.set(origin.module, new Set());
    modelled.get(origin.module)!.add(origin.name);
  }
  return modelled;
}

describe('model tier coverage', () => {
  it('every machine of src/machines has a defineModel in tests/model', async () => {
    const modelled = new Map<string, Set<string>>();
    for (const file of files(testsDir, '.test.ts')) {
      for (const [module, names] of modelledExports(fs.readFileSync(file, 'utf8'), file)) {
        modelled.set(module, new Set([...(modelled.get(module) ?? []), ...names]));
      }
    }
    const machineFiles = files(machinesDir, '.machine.ts');
    expect(machineFiles.length).toBeGreaterThanOrEqual(8);
    const uncovered: string[] = [];
    for (const file of machineFiles) {
      const exports = Object.entries((await import(file)) as Record<string, unknown>).filter(([, value]) =>
        isMachine(value),
      );
      const module = file.replace(/\.ts$/, '');
      expect(exports.length, `${path.relative(root, file)} exports its machine`).toBeGreaterThan(0);
      for (const [name] of exports)
        if (!modelled.get(module)?.has(name)) uncovered.push(`${path.relative(root, file)}: ${name}`);
    }
    expect(uncovered).toEqual([]);
  });

  it('the rule sees imports, aliases and defineModel calls (and nothing else)', () => {
    const file = path.join(testsDir, 'x.test.ts');
    const source = [
      "import { fooMachine, type FooEvent } from '../../src/machines/foo/foo.machine';",
      "import { barMachine as bar } from '../../src/machines/bar/bar.machine';",
      "import { bazMachine } from '../../src/machines/baz/baz.machine';",
      'const a = defineModel(fooMachine, {});',
      'const b = defineModel( bar, {});',
      'bazMachine.provide({});',
    ].join('\n');
    const seen = modelledExports(source, file);
    expect([...seen.keys()].map((m) => path.relative(root, m)).sort()).toEqual([
      'src/machines/bar/bar.machine',
      'src/machines/foo/foo.machine',
    ]);
    expect([...seen.get(path.join(root, 'src/machines/bar/bar.machine'))!]).toEqual(['barMachine']);
  });
});

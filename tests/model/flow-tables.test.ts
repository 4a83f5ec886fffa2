/**
 * The browser-path tables (tests/e2e/model-paths, listed in tables.ts, run by tests/e2e/flow-paths.spec.ts) checked
 * in the model tier, without a browser: every machine of src/machines has a table; every state and event of its
 * machine has an entry, every entry names one, and the flow's de-duplicated paths visit them all; so a machine change
 * that needs a new row, or a new machine without a table, fails here first (docs/engineering/machine-paths.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { flowPaths, isTableOf, tableProblems } from '../e2e/model-paths/driver';
import { flowTables as tables } from '../e2e/model-paths/tables';

const root = path.resolve(import.meta.dirname, '../..');
const machineFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return machineFiles(full);
    return entry.name.endsWith('.machine.ts') ? [full] : [];
  });
const isMachine = (value: unknown): value is AnyStateMachine =>
  typeof value === 'object' &&
  value !== null &&
  'root' in value &&
  'config' in value &&
  typeof (value as AnyStateMachine).transition === 'function';

describe('flow tables of the browser paths', () => {
  it('every machine of src/machines has a browser table', async () => {
    const files = machineFiles(path.join(root, 'src/machines'));
    expect(files.length).toBeGreaterThanOrEqual(40);
    const missing: string[] = [];
    for (const file of files) {
      const name = path.basename(file, '.machine.ts');
      for (const machine of Object.values((await import(file)) as Record<string, unknown>).filter(isMachine)) {
        if (!tables.some((table) => isTableOf(table, machine))) missing.push(name);
      }
    }
    expect(missing, 'machines without a browser table (tests/e2e/model-paths/tables.ts)').toEqual([]);
  });

  for (const table of tables) {
    it(`${table.flow}: complete, and its paths are few, distinct and named after their events`, () => {
      const paths = flowPaths(table);
      expect(tableProblems(table, paths)).toEqual([]);
      expect(paths.length).toBeGreaterThan(0);
      // Bounded: each path is a browser test.
      expect(paths.length).toBeLessThanOrEqual(12);
      expect(new Set(paths.map((p) => p.name)).size).toBe(paths.length);
      for (const { name } of paths) expect(name.startsWith(`${table.flow} › `)).toBe(true);
    });
  }

  it('names what is missing: a table without a state and an event entry', () => {
    const first = tables.find((table) => table.flow === 'team')!;
    const { ['team.inviteDialog.sending']: _state, ...states } = first.states;
    const { SUBMIT_INVITE: _event, ...events } = first.events;
    expect(tableProblems({ ...first, states, events })).toEqual(
      expect.arrayContaining(['state team.inviteDialog.sending has no entry', 'event SUBMIT_INVITE has no entry']),
    );
  });
});

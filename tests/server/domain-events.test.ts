/**
 * Domain events (docs/architecture.md §Domain events): the outbox row is written in the change's transaction,
 * in-transaction reactions are atomic with the change, after-commit reactions run once each (their effect and their
 * delivered mark commit together), a failing one is retried with its error kept, and a quest step completed by a
 * postback becomes a charge through Billing even when the server is killed between the commit and the delivery.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inTransaction, type Reaction, type ServerContext } from '../../server/context';
import { deliverPendingEvents, emit, MAX_ATTEMPTS } from '../../server/events/outbox';
import { reactions } from '../../server/areas';
import { openDatabase } from '../../server/db/connect';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { DOMAIN_EVENTS } from '../../src/contracts/domain-events';
import { DEMO_WORKSPACE_ID } from '../../server/demo/seed';
import { createTestServer, type TestServer } from './helpers';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let now = new Date('2026-11-26T10:00:00Z');
const seen: string[] = [];
const behaviour: { failTimes: number } = { failTimes: 0 };
const probes: Reaction[] = [
  {
    event: 'charge.recorded',
    area: 'test',
    name: 'test.after-commit',
    mode: 'after-commit',
    handle: async (ctx, event) => {
      if (behaviour.failTimes > 0) {
        behaviour.failTimes--;
        throw new Error('subscriber is down');
      }
      // The subscriber sees the committed change, and writes in its own transaction.
      const charge = await ctx.db
        .selectFrom('billing_charges')
        .select('id')
        .where('id', '=', (event.payload as { chargeId: string }).chargeId)
        .executeTakeFirst();
      seen.push(
        `${event.name}:${(event.payload as { chargeId: string }).chargeId}:${charge ? 'visible' : 'missing'}:${ctx.db.isTransaction}`,
      );
    },
  },
  {
    event: 'quest.published',
    area: 'test',
    name: 'test.in-transaction',
    mode: 'transaction',
    handle: async (_ctx, event) => {
      if ((event.payload as { questName: string }).questName === 'explode') throw new Error('refused');
      seen.push(`published:${(event.payload as { questId: string }).questId}`);
    },
  },
];

let server: TestServer;
let ctx: ServerContext;
beforeAll(async () => {
  server = await createTestServer({ now: () => now, events: { reactions: probes } });
  ctx = server.app.questboard;
});
afterAll(() => server?.close());

const charge = (id: string) => ({
  id,
  workspaceId: DEMO_WORKSPACE_ID,
  amountCents: 125,
  source: 'test',
  description: `charge ${id}`,
  createdAt: now,
});
const deliveries = (subscriber: string) =>
  server.db
    .selectFrom('domain_event_deliveries')
    .select(['attempts', 'delivered_at', 'failed_at', 'last_error'])
    .where('subscriber', '=', subscriber)
    .execute();

describe('the catalogue and the reactions table', () => {
  test('every reaction names a catalogued event and a unique subscriber; every event names its emitting area', () => {
    const names = reactions.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const reaction of reactions) expect(Object.keys(DOMAIN_EVENTS)).toContain(reaction.event);
    for (const spec of Object.values(DOMAIN_EVENTS)) expect(spec.emittedBy).toMatch(/^[a-z-]+$/);
  });

  test('an event is only ever written inside a transaction', async () => {
    await expect(
      emit(ctx, 'quest.published', { workspaceId: 'w', appId: 'a', questId: 'q', questName: 'n' }),
    ).rejects.toThrow(/outside a transaction/);
  });
});

describe('delivery', () => {
  test('an after-commit reaction runs once, after the commit, in its own transaction', async () => {
    const { recordCharge } = await import('../../server/areas/billing/billing');
    seen.length = 0;
    expect(await recordCharge(ctx, charge('ch_evt_1'))).toBe(true);
    expect(seen).toEqual(['charge.recorded:ch_evt_1:visible:true']);
    // Recording the same charge again changes nothing and announces nothing.
    expect(await recordCharge(ctx, charge('ch_evt_1'))).toBe(false);
    expect(await deliverPendingEvents(ctx)).toBe(0);
    expect(seen).toHaveLength(1);
    expect(await deliveries('test.after-commit')).toEqual([
      expect.objectContaining({ attempts: 1, failed_at: null, last_error: null }),
    ]);
  });

  test('a failing subscriber keeps its error and is retried after a backoff; the change itself stays committed', async () => {
    const { recordCharge } = await import('../../server/areas/billing/billing');
    seen.length = 0;
    behaviour.failTimes = 2;
    await server.db.deleteFrom('domain_event_deliveries').execute();
    expect(await recordCharge(ctx, charge('ch_evt_2'))).toBe(true);
    expect(seen).toEqual([]);
    let [row] = await deliveries('test.after-commit');
    expect(row).toMatchObject({ attempts: 1, delivered_at: null, last_error: 'subscriber is down' });
    // Not due before its backoff.
    expect(await deliverPendingEvents(ctx)).toBe(0);
    now = new Date(now.getTime() + 2_000);
    expect(await deliverPendingEvents(ctx)).toBe(0); // second failure
    [row] = await deliveries('test.after-commit');
    expect(row).toMatchObject({ attempts: 2, delivered_at: null });
    now = new Date(now.getTime() + 5_000);
    expect(await deliverPendingEvents(ctx)).toBe(1);
    expect(seen).toEqual(['charge.recorded:ch_evt_2:visible:true']);
    [row] = await deliveries('test.after-commit');
    expect(row).toMatchObject({ attempts: 3, last_error: null, failed_at: null });
    expect(row!.delivered_at).not.toBeNull();
    expect(MAX_ATTEMPTS).toBeGreaterThan(2);
  });

  test('an in-transaction reaction that throws undoes the change that emitted it', async () => {
    seen.length = 0;
    const write = (name: string) =>
      inTransaction(ctx, async (tx) => {
        await tx.db
          .insertInto('billing_charges')
          .values({
            id: `ch_${name}`,
            workspace_id: DEMO_WORKSPACE_ID,
            amount_cents: 1,
            description: name,
            source: 'test',
            created_at: now,
          })
          .execute();
        await emit(tx, 'quest.published', {
          workspaceId: DEMO_WORKSPACE_ID,
          appId: 'a',
          questId: `q_${name}`,
          questName: name,
        });
      });
    await write('fine');
    await expect(write('explode')).rejects.toThrow('refused');
    const ids = (
      await server.db.selectFrom('billing_charges').select('id').where('id', 'in', ['ch_fine', 'ch_explode']).execute()
    ).map((r) => r.id);
    expect(ids).toEqual(['ch_fine']);
    expect(seen).toEqual(['published:q_fine']);
  });
});

describe('a server killed between the commit and the delivery', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-outbox-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('the completed quest step becomes a charge through Billing once, when the outbox delivers it on restart', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'tests/server/outbox-kill-child.ts'), dir],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    const chargeId = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /committed (\S+)\n/.exec(out);
        if (match) {
          clearInterval(timer);
          resolve(match[1]!);
        }
      }, 50);
      child.on('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`the child exited (${code}) before committing:\n${out}\n${err}`));
      });
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(chargeId).toMatch(/^ch_q_/);

    // The restarted server: the same data folder, the areas' reactions, the dispatcher's drain.
    const handle = await openDatabase({ dataDir: dir });
    try {
      const restarted = (await buildApp({ config: testConfig(), db: handle.db })) as unknown as {
        questboard: ServerContext;
        close(): Promise<void>;
      };
      const charges = () =>
        handle.db
          .selectFrom('billing_charges')
          .select(['id', 'amount_cents', 'source', 'description'])
          .where('id', '=', chargeId)
          .execute();
      expect(await charges(), 'nothing was charged before the delivery').toEqual([]);
      const pending = await handle.db
        .selectFrom('domain_event_deliveries')
        .select(['subscriber', 'delivered_at'])
        .execute();
      expect(pending).toEqual([{ subscriber: 'billing.charge-quest-step', delivered_at: null }]);

      expect(await deliverPendingEvents(restarted.questboard)).toBe(1);
      expect(await charges()).toEqual([
        {
          id: chargeId,
          amount_cents: 40,
          source: 'quest',
          description: 'Outbox quest: step 1 (af_tutorial_completion) completed',
        },
      ]);
      // Delivered exactly once: another drain (or another server) finds nothing more to do.
      expect(await deliverPendingEvents(restarted.questboard)).toBe(0);
      expect(await charges()).toHaveLength(1);
      const recorded = await handle.db
        .selectFrom('domain_events')
        .select('name')
        .where('name', '=', 'charge.recorded')
        .execute();
      expect(recorded).toHaveLength(1);
      await restarted.close();
    } finally {
      await handle.close();
    }
  }, 120_000);
});

import type { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { spawnCheckpointWorkerFromSource } from '../../../electron/main/team/checkpoint-worker-from-source'
import type { CheckpointWorkerReply, SpawnCheckpointWorker } from '../../../electron/main/team/wal-checkpoints'
import { joined, putWaitingChanges, quick, useTeamServer } from './fixtures/team-fixture'

/*
 * While a desk applies a backlog of team changes, the write-ahead log is checkpointed off main's
 * thread (issue #38: main's longest block while a desk applies 100,000 team changes < 50 ms; the
 * commit that crossed SQLite's automatic checkpoint copied the log into the data file and waited
 * for the disk on main's thread). Desk B runs the checkpoint worker from source; its slices are three
 * changes each (a clock of the test's own, moved one millisecond each time it is read), and the
 * worker's answers are counted through the options' hooks, with main's wal_autocheckpoint as main's
 * connection reads it when each arrives. Before, there was no worker: main's connection kept
 * checkpointing by itself (1,000) and no checkpoint ran elsewhere.
 */

const team = useTeamServer()

let ticks = 0
const slices = { sliceMs: 3, now: () => (ticks += 1) }

/** More than the first page's 100: a backlog. */
const WAITING = 250

describe('the log checkpointed off main while a backlog applies', () => {
  it("turns main's automatic checkpoint off, checkpoints in the worker (the log starting again), once more at the end, then puts main's setting back", async () => {
    const replies: Array<{ reply: CheckpointWorkerReply; mainAutoCheckpoint: number }> = []
    const finished: number[] = []
    const checkpoints = {
      everySlices: 4,
      // the shortest log: after each answer the next slice waits for the log to be copied whole, and
      // its commit starts the log again (the first answer, before any slice, finds the join's pages)
      restartPages: 0,
      onReply: (reply: CheckpointWorkerReply, mainAutoCheckpoint: number) =>
        replies.push({ reply, mainAutoCheckpoint }),
      onFinished: (mainAutoCheckpoint: number) => finished.push(mainAutoCheckpoint)
    }
    const { a, b } = await team.startTeam({
      desk: (index) =>
        index === 1
          ? { team: { ...quick, slices, checkpoints }, checkpointWorker: spawnCheckpointWorkerFromSource }
          : {}
    })
    await b.services.teamSync.idle()
    expect(replies).toEqual([])
    const from = await putWaitingChanges(a, team, WAITING)

    await b.services.teamSync.sync()
    await b.services.teamSync.idle()

    // every change applied once, in order
    const store = team.storeOf(b)
    expect(store.prepare('SELECT last_seq FROM team_state').pluck().get()).toBe(from + WAITING)
    expect(store.prepare('SELECT COUNT(*) FROM team_do_not_contact').pluck().get()).toBe(WAITING)
    // the worker checkpointed before the first slice (its first answer, then the log copied whole),
    // during the slices (main's automatic checkpoint off meanwhile) and once more after them
    expect(replies.length).toBeGreaterThanOrEqual(3)
    for (const { reply, mainAutoCheckpoint } of replies) {
      expect(reply.done).toBe(true)
      expect(mainAutoCheckpoint).toBe(0)
    }
    // the log started again from its beginning (a checkpoint found fewer pages in it than the one before)
    const logs = replies.map(({ reply }) => (reply.done ? reply.log : -1))
    expect(logs.some((log, index) => index > 0 && log < logs[index - 1]!)).toBe(true)
    // the last one copied the whole log into the data file
    const last = replies.at(-1)!.reply
    expect(last).toMatchObject({ done: true, busy: 0 })
    if (last.done) {
      expect(last.log).toBeGreaterThan(0)
      expect(last.checkpointed).toBe(last.log)
    }
    // then main's own setting is back (SQLite's default: 1,000 pages)
    expect(finished).toEqual([1000])
    expect(b.logs.filter((record) => record.event === 'team.checkpoint_failed')).toEqual([])
  }, 60_000)

  it('a worker that dies never fails the sync: main checkpoints by itself again, and it is logged', async () => {
    const started: Worker[] = []
    const spawn: SpawnCheckpointWorker = (data) => {
      const worker = spawnCheckpointWorkerFromSource(data)
      started.push(worker)
      return worker
    }
    const finished: number[] = []
    let answers = 0
    const checkpoints = {
      everySlices: 1,
      // the worker stopped after its first answer, the slices still running
      onReply: () => {
        answers += 1
        if (answers === 1) void started[0]!.terminate()
      },
      onFinished: (mainAutoCheckpoint: number) => finished.push(mainAutoCheckpoint)
    }
    const { a, b } = await team.startTeam({
      desk: (index) => (index === 1 ? { team: { ...quick, slices, checkpoints }, checkpointWorker: spawn } : {})
    })
    await b.services.teamSync.idle()
    const from = await putWaitingChanges(a, team, WAITING)

    await b.services.teamSync.sync()
    await b.services.teamSync.idle()

    const store = team.storeOf(b)
    expect(store.prepare('SELECT last_seq FROM team_state').pluck().get()).toBe(from + WAITING)
    expect(store.prepare('SELECT COUNT(*) FROM team_do_not_contact').pluck().get()).toBe(WAITING)
    expect(joined(await b.ok('getTeam', {})).sync.lastSeq).toBe(from + WAITING)
    expect(started).toHaveLength(1)
    expect(finished).toEqual([1000])
    expect(b.logs.filter((record) => record.event === 'team.checkpoint_failed')).toHaveLength(1)
  }, 60_000)
})

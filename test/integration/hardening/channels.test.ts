import fc from 'fast-check'
import { MockAgent } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelNames, channels, type ChannelName } from '../../../shared/ipc/contract'
import { errorCodes, type IpcResult } from '../../../shared/ipc/errors'
import { profiles, startMain, type TestMain } from '../services/helpers'
import {
  badInput,
  deepArray,
  deepObject,
  hostileValue,
  inputJsonSchema,
  namesTheField,
  pathText,
  validValue
} from './schema-arbitraries'
import { hardeningSeed, runs } from './seed'
import { prototypeKeys, watchStore, type StoreWitness } from './store-witness'

/*
 * Bad input on every channel of the contract, through the router as the Electron shell and the
 * browser host call it. A refused input answers `invalid_input` naming the field, and the store
 * is byte-for-byte as it was. Inputs the contract lets through (hostile strings, `__proto__`
 * keys in free-form JSON, deep nesting) answer a value or an error value, never a crash.
 */

const seed = hardeningSeed('channels')
const BAD_RUNS = 15
const HOSTILE_RUNS = 6

const describeInput = (value: unknown): string => {
  try {
    const text = JSON.stringify(value, (_key, inner: unknown) =>
      typeof inner === 'string' && inner.length > 80 ? `${inner.slice(0, 40)}…(${inner.length} chars)` : inner
    )
    return text === undefined ? String(value) : text.slice(0, 400)
  } catch (error) {
    return `(${String(error)})`
  }
}

describe('the generators', () => {
  // badInput filters generated inputs by zod's answer: a channel whose JSON Schema lets through
  // nothing zod takes (a refinement the schema cannot say) spins that filter forever, synchronously
  // (the test timeout never fires): createTeam and joinTeam's server address did until it was a URL.
  it.each(channelNames)('%s: the JSON Schema generates inputs zod takes', (name) => {
    const samples = fc.sample(validValue(inputJsonSchema(channels[name].input)), { seed, numRuns: 50 })
    const valid = samples.filter((value) => channels[name].input.safeParse(value).success)
    expect(valid.length, `${name}: none of ${samples.length} generated inputs is valid`).toBeGreaterThan(0)
  })
})

describe('bad input on every channel (through the router)', () => {
  let main: TestMain
  let witness: StoreWitness
  const protoBefore = prototypeKeys()
  const counts = new Map<ChannelName, { refused: number; accepted: number }>()

  beforeAll(async () => {
    main = await startMain()
    // Something in every table a refused call could touch.
    const list = await main.ok('createShortlist', { name: 'Backend hires' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(5) })
    await main.ok('addStage', { name: 'Phone screen' })
    witness = watchStore(main.dataDir)
  })
  afterAll(async () => {
    witness.close()
    await main.close()
  })

  it.each(channelNames)(
    '%s refuses broken input as invalid_input naming the field, and writes nothing',
    async (name) => {
      const schema = inputJsonSchema(channels[name].input)
      const digestBefore = witness.digest()
      const tally = { refused: 0, accepted: 0 }
      counts.set(name, tally)
      await fc.assert(
        fc.asyncProperty(
          badInput(schema, (value) => channels[name].input.safeParse(value).success),
          async (bad) => {
            if (channels[name].input.safeParse(bad.input).success) {
              tally.accepted++ // zod takes it: not bad input (the hostile test below sends such inputs)
              return
            }
            tally.refused++
            const before = witness.fingerprint()
            const reply = (await main.call(name, bad.input as never)) as IpcResult<unknown>
            const what = `${bad.kind} at ${pathText(bad.at)}: ${describeInput(bad.input)}`
            expect(reply.ok, what).toBe(false)
            if (reply.ok) return
            expect(reply.error.code, what).toBe('invalid_input')
            expect(
              namesTheField(reply.error.details, bad),
              `${what}\ndetails: ${describeInput(reply.error.details)}`
            ).toBe(true)
            // The refusal stays small, whatever came in.
            expect(JSON.stringify(reply).length, what).toBeLessThan(20_000)
            expect(witness.fingerprint(), what).toBe(before)
            expect(prototypeKeys(), what).toBe(protoBefore)
          }
        ),
        runs(seed, BAD_RUNS)
      )
      expect(witness.digest()).toBe(digestBefore)
      // The generator broke the input most of the time (zod rarely shrugs a mutation off).
      expect(tally.refused).toBeGreaterThan(tally.accepted)
    }
  )

  it('sends nothing but refusals: the store file is byte-for-byte what it was after seeding', () => {
    const refused = [...counts.values()].reduce((sum, tally) => sum + tally.refused, 0)
    expect(refused).toBeGreaterThan(channelNames.length * BAD_RUNS * 0.6)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('hostile input the contract allows (through the router)', () => {
  let main: TestMain
  const protoBefore = prototypeKeys()

  beforeAll(async () => {
    // No network at all: a remote connection a random input saves cannot reach anything.
    const agent = new MockAgent()
    agent.disableNetConnect()
    main = await startMain({ http: { dispatcher: agent, retry: { retries: 0 } } })
    const list = await main.ok('createShortlist', { name: 'Hostile' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(3) })
  })
  afterAll(() => main.close())

  it.each(channelNames)('%s answers a value or an error value, never a crash', async (name) => {
    const schema = inputJsonSchema(channels[name].input)
    main.logs.length = 0
    await fc.assert(
      fc.asyncProperty(hostileValue(schema), async (input) => {
        if (!channels[name].input.safeParse(input).success) return
        const reply = (await main.call(name, input as never)) as IpcResult<unknown>
        const what = describeInput(input)
        if (!reply.ok) {
          expect(errorCodes, what).toContain(reply.error.code)
          expect(reply.error.code, `${what}: ${reply.error.message}`).not.toBe('internal')
        }
        expect(() => JSON.stringify(reply), what).not.toThrow()
        expect(prototypeKeys(), what).toBe(protoBefore)
        expect(({} as Record<string, unknown>).polluted, what).toBeUndefined()
      }),
      runs(seed, HOSTILE_RUNS)
    )
    const failed = main.logs.filter((record) => record.event === 'ipc.handler_failed')
    expect(failed.map((record) => record.fields)).toEqual([])
  })
})

describe('free-form JSON sent on to the service', () => {
  let main: TestMain
  beforeAll(async () => {
    main = await startMain()
  })
  afterAll(() => main.close())

  it('a query or tool arguments nested thousands deep are refused naming the field, before anything is sent', async () => {
    // JSON.stringify overflowed on the way out, answered as "could not reach the service".
    for (const deep of [deepObject(5_000), deepArray(5_000), deepObject(65)]) {
      const chat = await main.fail('sendChat', { text: 'x', requestId: 'deep-query', currentQuery: { a: deep } })
      expect(chat).toMatchObject({ code: 'invalid_input', details: [{ path: 'currentQuery' }] })
      const tool = await main.fail('callTool', { name: 'search', requestId: 'deep-args', arguments: { a: deep } })
      expect(tool).toMatchObject({ code: 'invalid_input', details: [{ path: 'arguments' }] })
    }
    // as deep as a real query gets is fine (refused here only for the missing sandbox)
    const shallow = await main.fail('sendChat', {
      text: 'x',
      requestId: 'deep-query',
      currentQuery: { a: deepObject(20) }
    })
    expect(shallow.code).toBe('network')
  })
})

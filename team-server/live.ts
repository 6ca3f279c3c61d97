import type { ServerResponse } from 'node:http'
import pg from 'pg'

/** The PostgreSQL channel every instance on one database listens on. */
export const NOTIFY_CHANNEL = 'talent_desk_team'
/** A comment on every open stream this often, so proxies and desks know it is alive. */
export const KEEP_ALIVE_MS = 25_000
/** The most live streams one desk keeps open at once. */
export const MAX_STREAMS_PER_DESK = 4

/**
 * The most desks one notice names. A NOTIFY payload is at most 8,000 bytes and a desk id takes 39:
 * a change's whole audience (the 200 desks it may name and its author) would take 7.9 kB, so an
 * audience goes in notices of 150 at most, each with room to spare.
 */
export const MAX_DESKS_PER_NOTICE = 150

/**
 * What one instance tells the others. A `changes` notice names the desks that may read the change
 * it announces; without `desks` it is for every desk of the team (as every notice was before).
 */
type Notice =
  { t: 'changes'; team: string; lastSeq: number; desks?: string[] } | { t: 'revoked'; team: string; desks: string[] }

type Stream = { teamId: string; deskId: string; res: ServerResponse }

/**
 * The live side of one instance: the desks' open event streams here, and one connection that
 * LISTENs on the database, so a push or a revoke on any instance reaches the streams on every
 * instance (the NOTIFY is sent inside the transaction that made the change, and PostgreSQL delivers
 * it only once that commits). The listening connection comes back by itself after the database
 * restarts, and then tells every open stream the newest sequence, in case a notice was lost.
 */
export class Live {
  readonly #databaseUrl: string
  readonly #log: (message: string) => void
  readonly #lastSeqOf: (teamId: string, deskId: string) => Promise<number | null>
  readonly #streams = new Set<Stream>()
  #client: pg.Client | null = null
  #closed = false
  #retryMs = 250
  #retryTimer: NodeJS.Timeout | null = null
  readonly #keepAlive: NodeJS.Timeout
  readonly #seen: (deskIds: string[]) => Promise<void>
  #ticking: Promise<void> = Promise.resolve()
  #listening: Promise<void>
  #markListening: () => void = () => undefined

  constructor(options: {
    databaseUrl: string
    log: (message: string) => void
    /** The newest sequence number of the team's changes that this desk may read. */
    lastSeqOf: (teamId: string, deskId: string) => Promise<number | null>
    /** Marks desks with an open stream as seen now (at every keep-alive). */
    seen: (deskIds: string[]) => Promise<void>
    keepAliveMs?: number
  }) {
    this.#databaseUrl = options.databaseUrl
    this.#log = options.log
    this.#lastSeqOf = options.lastSeqOf
    this.#listening = this.#newListening()
    this.#seen = options.seen
    this.#keepAlive = setInterval(() => this.#tick(), options.keepAliveMs ?? KEEP_ALIVE_MS)
    this.#keepAlive.unref()
  }

  /** Resolves once this instance listens (again, after a lost connection). */
  whenListening(): Promise<void> {
    return this.#listening
  }

  get streamCount(): number {
    return this.#streams.size
  }

  async start(): Promise<void> {
    await this.#connect()
  }

  #newListening(): Promise<void> {
    return new Promise((resolve) => {
      this.#markListening = resolve
    })
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#databaseUrl, connectionTimeoutMillis: 5_000 })
    client.on('notification', (message) => {
      if (message.channel === NOTIFY_CHANNEL && message.payload !== undefined) this.#deliver(message.payload)
    })
    const lost = (why: string): void => {
      if (this.#client !== client) return
      this.#client = null
      this.#listening = this.#newListening()
      if (!this.#closed) {
        this.#log(`live: lost the database connection (${why}); listening again shortly`)
        this.#retryLater()
      }
    }
    client.on('error', (error) => lost(error.message))
    client.on('end', () => lost('closed'))
    try {
      await client.connect()
      await client.query(`LISTEN ${NOTIFY_CHANNEL}`)
    } catch (error) {
      await client.end().catch(() => undefined)
      throw error
    }
    if (this.#closed) {
      await client.end().catch(() => undefined)
      return
    }
    this.#client = client
    this.#retryMs = 250
    this.#markListening()
  }

  #retryLater(): void {
    if (this.#retryTimer !== null || this.#closed) return
    const wait = this.#retryMs
    this.#retryMs = Math.min(this.#retryMs * 2, 5_000)
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null
      this.#connect().then(
        () => this.#catchUp(),
        () => this.#retryLater()
      )
    }, wait)
  }

  /** After a lost connection: every open stream hears the newest sequence of its team that its desk may read. */
  async #catchUp(): Promise<void> {
    const desks = new Map([...this.#streams].map((stream) => [stream.deskId, stream.teamId]))
    for (const [desk, team] of desks) {
      const lastSeq = await this.#lastSeqOf(team, desk).catch(() => null)
      if (lastSeq !== null)
        this.#deliver(JSON.stringify({ t: 'changes', team, lastSeq, desks: [desk] } satisfies Notice))
    }
  }

  #deliver(payload: string): void {
    let notice: Notice
    try {
      notice = JSON.parse(payload) as Notice
    } catch {
      return
    }
    if (notice.t === 'changes') {
      // a change with an audience is announced to that audience only: no other desk learns it was made
      const desks = notice.desks === undefined ? null : new Set(notice.desks)
      this.#write(
        (stream) => stream.teamId === notice.team && (desks === null || desks.has(stream.deskId)),
        changesEvent(notice.lastSeq)
      )
    } else if (notice.t === 'revoked') {
      const desks = new Set(notice.desks)
      for (const stream of [...this.#streams]) {
        if (stream.teamId !== notice.team || !desks.has(stream.deskId)) continue
        stream.res.end('event: revoked\ndata: {}\n\n')
        this.#streams.delete(stream)
      }
    }
  }

  #write(to: (stream: Stream) => boolean, text: string): void {
    for (const stream of this.#streams) {
      if (!to(stream)) continue
      // a desk that stops reading is let go rather than held in memory
      if (stream.res.writableLength > 1024 * 1024) {
        stream.res.destroy()
        this.#streams.delete(stream)
        continue
      }
      stream.res.write(text)
    }
  }

  /** A keep-alive on every stream, then its desks marked seen; a tick waits for the one before. */
  #tick(): void {
    this.#ticking = this.#ticking.then(async () => {
      this.#write(() => true, ': keep-alive\n\n')
      const desks = [...new Set([...this.#streams].map((stream) => stream.deskId))]
      if (desks.length === 0) return
      await this.#seen(desks).catch((error: Error) => this.#log(`live: marking desks seen failed: ${error.message}`))
    })
  }

  /**
   * Opens an event stream for a desk; it starts with the newest sequence of the team's changes that
   * the desk may read. A desk keeps at
   * most MAX_STREAMS_PER_DESK open (one per window, and one reconnecting): a further one closes
   * its oldest, so no desk can hold the server's memory with streams.
   */
  open(stream: Stream, lastSeq: number): void {
    const mine = [...this.#streams].filter((open) => open.deskId === stream.deskId)
    for (const old of mine.slice(0, Math.max(0, mine.length - MAX_STREAMS_PER_DESK + 1))) {
      old.res.end()
      this.#streams.delete(old)
    }
    stream.res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no'
    })
    stream.res.write(`retry: 3000\n\n${changesEvent(lastSeq)}`)
    this.#streams.add(stream)
    stream.res.on('close', () => this.#streams.delete(stream))
  }

  async close(): Promise<void> {
    this.#closed = true
    clearInterval(this.#keepAlive)
    await this.#ticking
    if (this.#retryTimer !== null) clearTimeout(this.#retryTimer)
    for (const stream of this.#streams) stream.res.end()
    this.#streams.clear()
    const client = this.#client
    this.#client = null
    await client?.end().catch(() => undefined)
  }
}

function changesEvent(lastSeq: number): string {
  return `event: changes\ndata: ${JSON.stringify({ lastSeq })}\n\n`
}

/**
 * What a push's changes announce: the newest sequence of its team-wide changes (0 if none), and for
 * each desk named in an audience the newest sequence of the changes meant for it.
 */
export type Announcement = { teamWide: number; audiences: ReadonlyMap<string, number> }

/**
 * Sends a push's notices to every instance; inside a transaction, they leave only when that commits.
 * Every desk of the team hears the newest team-wide change; a desk named in an audience hears the
 * newest change meant for it when that is later; a desk hears of no change it may not read.
 */
export async function notifyChanges(client: pg.ClientBase, teamId: string, announced: Announcement): Promise<void> {
  const notices: Notice[] = []
  if (announced.teamWide > 0) notices.push({ t: 'changes', team: teamId, lastSeq: announced.teamWide })
  const bySeq = new Map<number, string[]>()
  for (const [desk, seq] of announced.audiences) {
    if (seq <= announced.teamWide) continue
    bySeq.set(seq, [...(bySeq.get(seq) ?? []), desk])
  }
  for (const [lastSeq, desks] of [...bySeq].sort(([a], [b]) => a - b)) {
    for (let at = 0; at < desks.length; at += MAX_DESKS_PER_NOTICE) {
      notices.push({ t: 'changes', team: teamId, lastSeq, desks: desks.slice(at, at + MAX_DESKS_PER_NOTICE) })
    }
  }
  for (const notice of notices) {
    await client.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, JSON.stringify(notice)])
  }
}

export async function notifyRevoked(client: pg.ClientBase, teamId: string, deskIds: string[]): Promise<void> {
  if (deskIds.length === 0) return
  const notice: Notice = { t: 'revoked', team: teamId, desks: deskIds }
  await client.query('SELECT pg_notify($1, $2)', [NOTIFY_CHANNEL, JSON.stringify(notice)])
}

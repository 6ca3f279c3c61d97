/**
 * The sandbox's people as the server reads them (ProfileCatalog), however they came to be:
 *
 * - `SandboxCatalog.fromFile` — the index read from the catalog file of an earlier run
 *   (catalog-file.ts): complete at once, each person generated alone when first read
 *   (`ProfileGenerator.one` with the run's collision log), the same person as a full run makes.
 * - `SandboxCatalog.progressive` — nothing yet: `step()` generates and indexes the next people
 *   (the sandbox runs it between requests). Until the last step, a request that needs everyone
 *   (a lookup by key, email or handle, a conversational search) finishes the build first; a name
 *   search is answered at once when the data set's collision log is known beforehand (the
 *   built-in one, collision-log.ts): every person's name is known from the start of their random
 *   stream, so the candidates are found from the names alone, generated alone and ranked by an
 *   index of just them with the whole name postings — which ranks them exactly as the whole
 *   index does.
 */
import type { MatchProfileRequest, StructuredQuery, WholePersonProfile } from '../../shared/api'
import { ProfileGenerator, profileKey, profileStart, type CollisionLog, type SequentialRun } from '../data/generate'
import type { ProfileCatalog } from './profile-catalog'
import { IndexBuilder, namePostings, type IndexParts, type ProfileSource } from './index-builder'
import { ProfileIndex } from './profile-index'

/** People generated and indexed per step: about 10–20 ms of work, so requests wait little between steps. */
const STEP = 200
/**
 * Early answers checked against the full run, person by person (JSON of the whole person, lazy
 * sections too: ~0.2 ms each). A stale known log shows in the first few; checking every one
 * would cost seconds after a burst of broad early searches.
 */
const CHECKED = 32

interface Building {
  generator: ProfileGenerator
  run: SequentialRun
  builder: IndexBuilder
  /** Present when the collision log is known beforehand: name searches are answered before the end. */
  early: Early | null
}

interface Early {
  log: CollisionLog
  /** An index holding only the name postings, of everyone. */
  names: ProfileIndex
  /** People generated alone for early answers, ahead of the run (the run keeps these objects). */
  made: Map<number, WholePersonProfile>
}

export class SandboxCatalog implements ProfileCatalog {
  readonly size: number
  readonly seed: number
  #index: ProfileIndex | null = null
  #log: CollisionLog | null = null
  #building: Building | null = null
  /** People the run generated differently from their early answer (a stale known log); 0 expected. */
  #mismatches = 0
  #checked = 0
  readonly #completed: Promise<void>
  #markComplete!: () => void

  private constructor(size: number, seed: number) {
    this.size = size
    this.seed = seed
    this.#completed = new Promise((resolve) => (this.#markComplete = resolve))
  }

  /** Generated and indexed now, in full. */
  static build(count: number, seed: number): SandboxCatalog {
    const catalog = SandboxCatalog.progressive({ count, seed })
    catalog.finish()
    return catalog
  }

  /** The index of an earlier run (the catalog file), its people generated when first read. */
  static fromFile(parts: IndexParts, log: CollisionLog, seed: number): SandboxCatalog {
    const catalog = new SandboxCatalog(parts.size, seed)
    const generator = new ProfileGenerator({ seed })
    const made = new Array<WholePersonProfile | undefined>(parts.size)
    const source: ProfileSource = {
      size: parts.size,
      at: (id) => (made[id] ??= generator.one(id, log)),
      keyAt: (id) => profileKey(seed, id)
    }
    catalog.#index = new ProfileIndex(source, parts)
    catalog.#log = log
    catalog.#markComplete()
    return catalog
  }

  /**
   * An empty catalog that `step()` fills. With `knownLog` (the data set's collision log, known
   * beforehand), name searches are answered before the build ends.
   */
  static progressive(options: { count: number; seed: number; knownLog?: CollisionLog | null }): SandboxCatalog {
    const { count, seed } = options
    const catalog = new SandboxCatalog(count, seed)
    const generator = new ProfileGenerator({ seed })
    const building: Building = { generator, run: generator.run(count), builder: new IndexBuilder(count), early: null }
    catalog.#building = building
    if (options.knownLog) {
      const source: ProfileSource = { size: count, at: (id) => catalog.#earlyProfile(id) }
      const name = namePostings(count, (id) => profileStart(seed, id))
      const names = new ProfileIndex(source, { ...new IndexBuilder(count).finish(), name })
      building.early = { log: options.knownLog, names, made: new Map() }
    }
    if (count === 0) catalog.step()
    return catalog
  }

  /** True once everyone is generated and indexed. */
  get complete(): boolean {
    return this.#index !== null
  }

  /** Settles when everyone is generated and indexed (by `step`, or by a request that needed them). */
  get completed(): Promise<void> {
    return this.#completed
  }

  /** How many people the build has generated so far (all of them once complete). */
  get generated(): number {
    return this.#building?.run.done ?? this.size
  }

  /** People whose early answer differed from the full run's (the known collision log was stale). */
  get mismatches(): number {
    return this.#mismatches
  }

  /** Generates and indexes the next people; true when the catalog is complete. */
  step(): boolean {
    const building = this.#building
    if (building === null) return true
    const { run, builder, early } = building
    const from = run.done
    const to = run.next(STEP)
    for (let id = from; id < to; id++) {
      const made = early?.made.get(id)
      if (made !== undefined) {
        // the person an early answer gave out stays the same object (a refresh may have changed it)
        if (this.#checked++ >= CHECKED || JSON.stringify(made) === JSON.stringify(run.profiles[id])) {
          run.profiles[id] = made
        } else this.#mismatches++
        early?.made.delete(id)
      }
      builder.add(id, run.profiles[id] as WholePersonProfile)
    }
    if (to < this.size) return false
    this.#index = new ProfileIndex(run.profiles, builder.finish())
    this.#log = run.log()
    this.#building = null
    this.#markComplete()
    return true
  }

  /** Completes the build now. */
  finish(): ProfileIndex {
    while (!this.step());
    return this.#index as ProfileIndex
  }

  /** What the catalog file keeps: the index and the collision log (null until complete). */
  saved(): { parts: IndexParts; log: CollisionLog } | null {
    return this.#index === null || this.#log === null ? null : { parts: this.#index.parts(), log: this.#log }
  }

  /** Person `id` (0 ≤ id < size), finishing the build first. */
  profileAt(id: number): WholePersonProfile {
    return this.#complete().at(id)
  }

  /** The key of person `id`, known from the seed: no one is made or built to answer it. */
  keyAt(id: number): string {
    return profileKey(this.seed, id)
  }

  get(key: string): WholePersonProfile | undefined {
    return this.#complete().get(key)
  }

  byHandle(handle: string): WholePersonProfile | undefined {
    return this.#complete().byHandle(handle)
  }

  match(
    request: MatchProfileRequest,
    options: { max: number; emailLookup?: boolean; present?: (id: number) => boolean }
  ): WholePersonProfile[] {
    const early = this.#building?.early
    if (early && answerableByName(request, options)) return this.#earlyMatch(early, request, options)
    return this.#complete().match(request, options)
  }

  search(
    query: StructuredQuery,
    options: {
      limit: number
      offset: number
      where?: (profile: WholePersonProfile) => boolean
      present?: (id: number) => boolean
    }
  ): { total: number; results: WholePersonProfile[] } {
    return this.#complete().search(query, options)
  }

  #complete(): ProfileIndex {
    return this.#index ?? this.finish()
  }

  /** The candidates of the name, indexed alone, with everyone's name postings: the whole index's answer. */
  #earlyMatch(
    early: Early,
    request: MatchProfileRequest,
    options: { max: number; emailLookup?: boolean; present?: (id: number) => boolean }
  ): WholePersonProfile[] {
    const present = options.present
    const named = early.names.nameCandidates(request)
    // only people present can match, so no one else is made (the index below ranks these alone)
    const candidates = present ? named.filter((id) => present(id)) : named
    const builder = new IndexBuilder(this.size)
    for (const id of candidates) builder.add(id, this.#earlyProfile(id))
    const parts = { ...builder.finish(), name: early.names.parts().name }
    const source: ProfileSource = { size: this.size, at: (id) => this.#earlyProfile(id) }
    return new ProfileIndex(source, parts).match(request, options)
  }

  /** Person `id` during the build: the run's once it got there, else generated alone. */
  #earlyProfile(id: number): WholePersonProfile {
    const building = this.#building
    // early answers are made within one call, never across the build's last step
    if (building === null) throw new Error('the catalog is complete: read it through its index')
    if (id < building.run.done) return building.run.profiles[id] as WholePersonProfile
    const early = building.early as Early
    let made = early.made.get(id)
    if (made === undefined) {
      made = building.generator.one(id, early.log)
      early.made.set(id, made)
    }
    return made
  }
}

/**
 * Whether a Match Profiles request is answered by name alone: no identifier to look up (those
 * need everyone's keys, emails and handles), so only the name's candidates can match.
 */
function answerableByName(request: MatchProfileRequest, options: { emailLookup?: boolean }): boolean {
  if (request.key) return false
  if ((request.handles ?? []).length > 0) return false
  if ((options.emailLookup ?? true) && (request.emails ?? []).length > 0) return false
  return true
}

import { crossingWords, overBudgetIn } from '../../components/contacts/budget-lines'
import {
  toolQuoteRequiredSchema,
  type CredentialKind,
  type Tool,
  type ToolCallResult,
  type ToolSpendQuote,
  type ToolsOverview
} from '../../../../shared/ipc/channels/tools'
import type { IpcError } from '../../../../shared/ipc/errors'
import type { Load } from '../../lib/load'
import type { Client } from '../../lib/client'
import { formModel, type Arguments, type FieldValue, type FormModel, type FormValues } from './schema-form'
import {
  argumentsText,
  fieldErrorsFrom,
  initialValues,
  parseArgumentsText,
  toArguments,
  valuesFromArguments
} from './form-values'

/** What became of the last call of a tool. */
export type CallOutcome =
  | { state: 'running'; requestId: string; startedAt: number; arguments: Arguments }
  | { state: 'ready'; value: ToolCallResult; arguments: Arguments }
  /** Refused or failed before a result: `legacy` when the refusal is the older credential's. */
  | { state: 'error'; error: IpcError; arguments: Arguments; legacy: boolean; other: string[] }
  | { state: 'cancelled'; arguments: Arguments }

/** A tool's form as the recruiter left it: its values (or the Raw JSON text) and what was refused. */
export interface ToolForm {
  mode: 'form' | 'raw'
  values: FormValues
  raw: string
  errors: Record<string, string>
  /** Why the last Raw JSON switch or call could not go ahead. */
  problem: string | null
}

const newRequestId = (): string => `tool-${crypto.randomUUID()}`

/** A call main would not send before its quote is confirmed: what it may spend, and the call. */
export interface SpendToConfirm {
  name: string
  quote: ToolSpendQuote
  arguments: Arguments
  /**
   * It would take a budget past 100%: said by its quote before the click, or by main's refusal
   * once confirmed. Confirmed (again), it goes with the budget lifted for this call only.
   */
  overBudget?: string
}

/**
 * The Tools screen: the active connection's tool server and its tools, the tool under the
 * cursor and the open one, each tool's form (kept while the app runs, so switching tools loses
 * nothing) and the outcome of its last call. Calls are never retried: one may spend credits.
 */
export class ToolsState {
  readonly #client: Client
  #overview = $state.raw<Load<ToolsOverview>>({ state: 'idle' })
  #cursor = $state<string | null>(null)
  #openName = $state<string | null>(null)
  #forms = $state<Record<string, ToolForm>>({})
  #outcomes = $state.raw<Record<string, CallOutcome>>({})
  #spend = $state.raw<SpendToConfirm | null>(null)
  /** The credential's kind as last learnt, from the list or from a call. */
  #credential = $state<CredentialKind>('unknown')
  #loadId = 0
  #generation = 0
  /** The connections' generation the shown tools belong to (null before the first look). */
  #connectionGeneration: number | null = null

  constructor(client: Client) {
    this.#client = client
  }

  get overview() {
    return this.#overview
  }
  get cursor() {
    return this.#cursor
  }
  get credential() {
    return this.#credential
  }
  /** The call waiting for the recruiter to confirm what it may spend (null: none). */
  get spend() {
    return this.#spend
  }
  get tools(): Tool[] {
    return this.#overview.state === 'ready' ? this.#overview.value.tools : []
  }
  /** The tool whose form is shown. */
  readonly open = $derived.by(() => this.tools.find((tool) => tool.name === this.#openName) ?? null)
  /** Each tool's form model, read once per list. */
  readonly models = $derived.by((): Record<string, FormModel> =>
    Object.fromEntries(this.tools.map((tool) => [tool.name, formModel(tool.inputSchema)]))
  )
  /** A call on its way, whichever tool it is for (one at a time). */
  readonly running = $derived.by(() => {
    for (const [name, outcome] of Object.entries(this.#outcomes))
      if (outcome.state === 'running') return { name, ...outcome }
    return null
  })

  modelOf(name: string): FormModel | null {
    return this.models[name] ?? null
  }
  formOf(name: string): ToolForm | null {
    return this.#forms[name] ?? null
  }
  outcomeOf(name: string): CallOutcome | null {
    return this.#outcomes[name] ?? null
  }

  /**
   * The screen opened, or the active connection changed (`generation` counts the switches): a
   * switch drops what belonged to the previous connection; the list is read afresh either way,
   * quietly when one is shown.
   */
  follow(generation: number): void {
    if (this.#connectionGeneration !== null && generation !== this.#connectionGeneration) this.reset()
    this.#connectionGeneration = generation
    void this.load()
  }

  /** Reads the list; `reload` starts a new session with the tool server first. */
  async load(reload = false): Promise<void> {
    const id = ++this.#loadId
    if (this.#overview.state !== 'ready' || reload) this.#overview = { state: 'loading' }
    const reply = await this.#client.listTools(reload ? { reload } : {})
    if (id !== this.#loadId) return
    if (!reply.ok) {
      this.#overview = { state: 'error', error: reply.error }
      return
    }
    this.#overview = { state: 'ready', value: reply.data }
    this.#credential = reply.data.credential
    const names = reply.data.tools.map((tool) => tool.name)
    if (this.#cursor === null || !names.includes(this.#cursor)) this.#cursor = names[0] ?? null
    if (this.#openName === null || !names.includes(this.#openName)) {
      if (this.#cursor !== null) this.openTool(this.#cursor)
      else this.#openName = null
    }
  }

  /** A switch of connection: its tools, forms and results belong to the previous one. */
  reset(): void {
    this.#loadId++
    this.#generation++
    this.#overview = { state: 'idle' }
    this.#cursor = null
    this.#openName = null
    this.#forms = {}
    this.#outcomes = {}
    this.#spend = null
    this.#credential = 'unknown'
  }

  /** Puts the list's cursor on a tool (the list keys choose which: lib/list-keys). */
  point(name: string | null): void {
    if (name === null || this.tools.some((tool) => tool.name === name)) this.#cursor = name
  }

  /** Shows a tool's form (made from its schema the first time). */
  openTool(name: string): void {
    const model = this.models[name]
    if (model === undefined) return
    this.#cursor = name
    this.#openName = name
    if (this.#forms[name] === undefined) {
      const values = initialValues(model)
      this.#forms[name] = {
        mode: model.rawOnly === null ? 'form' : 'raw',
        values,
        raw: model.rawOnly === null ? '' : argumentsText(model, values),
        errors: {},
        problem: null
      }
    }
  }

  setValue(name: string, field: string, value: FieldValue): void {
    const form = this.#forms[name]
    if (form === undefined) return
    form.values[field] = value
    if (form.errors[field] !== undefined) delete form.errors[field]
  }

  setRaw(name: string, text: string): void {
    const form = this.#forms[name]
    if (form === undefined) return
    form.raw = text
    form.problem = null
  }

  /**
   * Switches between the form and Raw JSON. To JSON: the form's arguments so far. Back to the
   * form: refused (saying why) when the JSON does not parse or holds what the form cannot show.
   */
  setMode(name: string, mode: 'form' | 'raw'): boolean {
    const form = this.#forms[name]
    const model = this.models[name]
    if (form === undefined || model === undefined || form.mode === mode) return false
    if (mode === 'raw') {
      form.raw = argumentsText(model, form.values)
      form.mode = 'raw'
      form.problem = null
      return true
    }
    if (model.rawOnly !== null) {
      form.problem = `This tool's arguments can only be written as JSON: ${model.rawOnly}`
      return false
    }
    const parsed = parseArgumentsText(form.raw)
    if (!parsed.ok) {
      form.problem = `${parsed.error} Fix it, or stay in Raw JSON.`
      return false
    }
    const { values, problems } = valuesFromArguments(model, parsed.value)
    if (problems.length > 0) {
      form.problem = `The form cannot show all of it: ${problems.join('; ')}. Stay in Raw JSON to send it as written.`
      return false
    }
    form.values = values
    form.errors = {}
    form.mode = 'form'
    form.problem = null
    return true
  }

  /**
   * Calls the open tool with its form's arguments (or the Raw JSON). What cannot be read at all
   * is marked here; main checks the rest against the schema and its refusal marks the fields.
   */
  async call(): Promise<void> {
    const tool = this.open
    if (tool === null || this.running !== null) return
    const name = tool.name
    const form = this.#forms[name]
    const model = this.models[name]
    if (form === undefined || model === undefined) return
    let args: Arguments
    if (form.mode === 'raw') {
      const parsed = parseArgumentsText(form.raw)
      if (!parsed.ok) {
        form.problem = parsed.error
        return
      }
      args = parsed.value
    } else {
      const built = toArguments(model, form.values)
      if (!built.ok) {
        form.errors = built.errors
        form.problem = 'Some fields need a look before the call can be sent.'
        return
      }
      args = built.arguments
    }
    form.errors = {}
    form.problem = null
    await this.#send(name, args, null)
  }

  /**
   * Sends the call the recruiter confirmed, with its quote: main sends it only with that quote,
   * once. Nothing happens when there is none, or another call is running. `alwaysAllow`: the
   * recruiter ticked "Always allow this tool on this connection" (offered only when the quote
   * says so): its next calls are not asked.
   */
  async confirmSpend(alwaysAllow = false): Promise<void> {
    const spend = this.#spend
    if (spend === null || this.running !== null) return
    this.#spend = null
    await this.#send(spend.name, spend.arguments, spend, alwaysAllow && spend.quote.alwaysAllow === 'offered')
  }

  /** The recruiter did not confirm: nothing is sent, the quote is left to expire. */
  dismissSpend(): void {
    this.#spend = null
  }

  async #send(name: string, args: Arguments, confirmed: SpendToConfirm | null, alwaysAllow = false): Promise<void> {
    const quoteId = confirmed?.quote.quoteId ?? null
    const overBudget = confirmed?.overBudget !== undefined
    const model = this.models[name]
    const form = this.#forms[name]
    if (model === undefined || form === undefined) return
    const generation = this.#generation
    const requestId = newRequestId()
    const previous = this.#outcomes[name]
    this.#setOutcome(name, { state: 'running', requestId, startedAt: Date.now(), arguments: args })
    const reply = await this.#client.callTool({
      name,
      arguments: args,
      requestId,
      ...(quoteId === null ? {} : { quoteId }),
      ...(overBudget ? { overBudget } : {}),
      ...(alwaysAllow ? { alwaysAllow } : {})
    })
    if (generation !== this.#generation) return
    const asked =
      reply.ok || reply.error.code !== 'conflict' ? null : toolQuoteRequiredSchema.safeParse(reply.error.details)
    if (asked?.success === true) {
      // may spend: nothing was sent; the recruiter sees what it costs and confirms, or not
      this.#outcomes = omit(this.#outcomes, name, previous)
      // a priced quote past a budget says so before the click, and its confirmation lifts it for this call
      const over = crossingWords(asked.data.quote.contacts?.budgets)
      this.#spend = { name, quote: asked.data.quote, arguments: args, ...(over === null ? {} : { overBudget: over }) }
      return
    }
    if (!reply.ok && confirmed !== null && !overBudget && overBudgetIn(reply.error.details) !== null) {
      // past a budget: nothing was sent; the recruiter may lift it for this call, or not
      this.#outcomes = omit(this.#outcomes, name, previous)
      this.#spend = { ...confirmed, overBudget: reply.error.message }
      return
    }
    if (reply.ok) {
      this.#credential = reply.data.credential
      this.#setOutcome(name, { state: 'ready', value: reply.data, arguments: args })
      return
    }
    const error = reply.error
    if (error.code === 'cancelled') {
      this.#setOutcome(name, { state: 'cancelled', arguments: args })
      return
    }
    const legacy = error.code === 'forbidden' && isLegacy(error.details)
    if (legacy) this.#credential = 'legacy'
    let other: string[] = []
    if (error.code === 'invalid_input' && Array.isArray(error.details)) {
      const mapped = fieldErrorsFrom(model, error.details)
      if (form.mode === 'form') {
        form.errors = mapped.fields
        other = mapped.other
      } else {
        other = [...Object.entries(mapped.fields).map(([field, message]) => `${field}: ${message}`), ...mapped.other]
      }
    }
    this.#setOutcome(name, { state: 'error', error, arguments: args, legacy, other })
  }

  /** Stops waiting for the running call (the tool server may still run it). */
  async cancel(): Promise<void> {
    const running = this.running
    if (running !== null) await this.#client.cancelRequest({ requestId: running.requestId })
  }

  #setOutcome(name: string, outcome: CallOutcome): void {
    this.#outcomes = { ...this.#outcomes, [name]: outcome }
  }
}

/** The outcomes with `name`'s put back as it was (or left out when there was none). */
function omit(
  outcomes: Record<string, CallOutcome>,
  name: string,
  previous: CallOutcome | undefined
): Record<string, CallOutcome> {
  const next = { ...outcomes }
  if (previous === undefined) delete next[name]
  else next[name] = previous
  return next
}

function isLegacy(details: unknown): boolean {
  return typeof details === 'object' && details !== null && (details as { legacy?: unknown }).legacy === true
}

/** A connection without tool-server settings: which ones are missing (main's `details.missing`). */
export function missingSettings(error: IpcError): string[] | null {
  const details = error.details
  if (error.code !== 'invalid_input' || typeof details !== 'object' || details === null) return null
  const missing = (details as { missing?: unknown }).missing
  return Array.isArray(missing) && missing.every((m) => typeof m === 'string') ? missing : null
}

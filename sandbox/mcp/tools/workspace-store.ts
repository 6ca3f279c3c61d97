import { randomUUID } from 'node:crypto'
import { isoAt } from '../../server/clock'

export interface Workspace {
  id: string
  name: string
  keys: string[]
  created_at: string
  updated_at: string
}

/** Named lists of profile keys, one set per service user (workspaces belong to a recruiter). */
export class WorkspaceStore {
  readonly #byUser = new Map<string, Map<string, Workspace>>()

  snapshot(): Array<{ userId: string; workspaces: Workspace[] }> {
    return [...this.#byUser.entries()].map(([userId, spaces]) => ({ userId, workspaces: [...spaces.values()] }))
  }
  restore(entries: ReadonlyArray<{ userId: string; workspaces: Workspace[] }>): void {
    this.#byUser.clear()
    for (const { userId, workspaces } of entries) {
      this.#byUser.set(userId, new Map(workspaces.map((w) => [w.id, { ...w, keys: [...w.keys] }])))
    }
  }

  #of(userId: string): Map<string, Workspace> {
    let spaces = this.#byUser.get(userId)
    if (!spaces) this.#byUser.set(userId, (spaces = new Map()))
    return spaces
  }

  list(userId: string): Workspace[] {
    return [...this.#of(userId).values()]
  }

  get(userId: string, id: string): Workspace | undefined {
    return this.#of(userId).get(id)
  }

  create(userId: string, name: string, keys: string[], now: number): Workspace {
    const workspace = {
      id: randomUUID(),
      name,
      keys: [...new Set(keys)],
      created_at: isoAt(now),
      updated_at: isoAt(now)
    }
    this.#of(userId).set(workspace.id, workspace)
    return workspace
  }

  add(workspace: Workspace, keys: string[], now: number): void {
    workspace.keys = [...new Set([...workspace.keys, ...keys])]
    workspace.updated_at = isoAt(now)
  }

  remove(workspace: Workspace, keys: string[], now: number): void {
    const drop = new Set(keys)
    workspace.keys = workspace.keys.filter((k) => !drop.has(k))
    workspace.updated_at = isoAt(now)
  }
}

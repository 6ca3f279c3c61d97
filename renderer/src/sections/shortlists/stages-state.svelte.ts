import type { Stage } from '../../../../shared/ipc/channels/shortlists'
import type { IpcResult } from '../../../../shared/ipc/errors'
import type { Client } from '../../lib/client'

/**
 * The pipeline's stages: the list every row and editor shows, and its edits (add, rename,
 * reorder, remove with the people moved). After an edit `changed` runs: stage names show on every
 * row and in the open person, so the Shortlists state reads them again.
 */
export class StagesState {
  #list = $state.raw<Stage[]>([])

  constructor(
    private readonly client: Client,
    private readonly changed: (reply: IpcResult<unknown>) => Promise<boolean>
  ) {}

  get list(): Stage[] {
    return this.#list
  }

  set(stages: Stage[]): void {
    this.#list = stages
  }

  async reload(): Promise<void> {
    const reply = await this.client.listStages({})
    if (reply.ok) this.#list = reply.data
  }

  async add(name: string): Promise<boolean> {
    return this.changed(await this.client.addStage({ name }))
  }

  async rename(id: number, name: string): Promise<boolean> {
    return this.changed(await this.client.renameStage({ id, name }))
  }

  async reorder(ids: number[]): Promise<boolean> {
    return this.changed(await this.client.reorderStages({ ids }))
  }

  /** Removes a stage; its people move to `reassignTo` first. */
  async remove(id: number, reassignTo?: number): Promise<boolean> {
    return this.changed(await this.client.removeStage({ id, ...(reassignTo === undefined ? {} : { reassignTo }) }))
  }
}

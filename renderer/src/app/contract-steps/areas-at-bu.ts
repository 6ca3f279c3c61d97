// The contract's areas whose names begin with at or bu (ats-pull, ats-send, ats, budgets; the search and known-people areas they import), built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/[a-b][t-u]*.ts', { eager: true })

// The contract's areas whose names begin with t–z, built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/[t-z]*.ts', { eager: true })

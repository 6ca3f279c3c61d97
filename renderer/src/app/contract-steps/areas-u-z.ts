// The contract's areas whose names begin with u–z, built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/[u-z]*.ts', { eager: true })

// The contract's areas whose names begin with j–q, built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/[j-q]*.ts', { eager: true })

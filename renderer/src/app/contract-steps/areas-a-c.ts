// The contract's areas whose names begin with a–c, built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/[a-c]*.ts', { eager: true })

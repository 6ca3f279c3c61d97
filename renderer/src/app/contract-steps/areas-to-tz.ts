// The contract's areas whose names begin with to–tz (tools), built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/t[o-z]*.ts', { eager: true })

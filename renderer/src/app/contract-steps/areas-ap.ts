// The contract's area app, built in a step of its own (../contract-steps.ts): the first step, zod's first use (its code compiled as it first runs) is most of it.
import.meta.glob('../../../../shared/ipc/channels/ap*.ts', { eager: true })

import { createMemoryQueue } from '../../../../src/server/events/queue/memory-queue.js'
import { describeQueueContract } from './queue-contract.js'

describeQueueContract('memory queue', async (options) => createMemoryQueue(options))

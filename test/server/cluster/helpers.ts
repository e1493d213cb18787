import { Coordinator } from '../../../src/server/cluster/coordinator.js'
import type { Logger } from '../../../src/server/logger.js'

/** A logger that keeps its lines (a test reads the warnings). */
export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) }
}

/** A deployment ID of its own per test, so tests sharing an etcd cluster never meet. */
export function newDeploymentId(): string {
  return `t-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}

/**
 * A coordinator with the tests' short timings: a 2 s lease (a dead member is gone in 2 s) and
 * 1.5 s etcd calls.
 */
export function connectMember(
  id: string,
  options: { endpoints: string[]; deploymentId: string; logger?: Logger },
): Promise<Coordinator> {
  return Coordinator.connect({
    endpoints: options.endpoints,
    deploymentId: options.deploymentId,
    self: { id, url: `http://${id}.cluster.test` },
    leaseTtlSeconds: 2,
    requestTimeoutMs: 1500,
    logger: options.logger ?? recordingLogger(),
  })
}

/** The member IDs `coordinator` sees now. */
export function memberIds(coordinator: Coordinator): string[] {
  return coordinator.members().map((m) => m.id)
}

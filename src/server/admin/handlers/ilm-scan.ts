import type { AdminArgs } from '../admin-args.js'
import { sendJson } from '../admin-response.js'

/**
 * `POST /silo/admin/v1/ilm/scan`: runs one full lifecycle scan now (after any scan running) and
 * answers its counts (`examined`, `expired`, `deleteMarkersRemoved`, `noncurrentRemoved`,
 * `uploadsAborted`, `lockedSkipped`, and the pacing's `batches`, `yields`, `sleeps`). Root only,
 * as every admin call.
 */
export async function handleIlmScan({ ctx, res }: AdminArgs): Promise<void> {
  sendJson(res, 200, await ctx.admin.ilm.scanNow())
}

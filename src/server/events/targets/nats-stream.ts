import type { JetStreamManager } from 'nats'

/** A JetStream stream name from a NATS Streaming cluster ID (names allow no `.`, `*`, `>`, space or slash). */
export function streamNameFor(clusterID: string): string {
  return clusterID.replace(/[^A-Za-z0-9_-]/g, '_')
}

/**
 * Makes sure a JetStream stream captures `subject`, so every publish is stored and acked:
 * an existing stream that captures it is used as it is; otherwise a stream named after
 * `streaming.clusterID`, capturing just `subject`, is created with the server's defaults
 * (file storage, no limits). Returns the stream's name.
 */
export async function ensureStream(
  jsm: JetStreamManager,
  subject: string,
  clusterID: string,
): Promise<string> {
  try {
    return await jsm.streams.find(subject)
  } catch (e) {
    if (!(e instanceof Error && e.message === 'no stream matches subject')) throw e
  }
  const name = streamNameFor(clusterID)
  try {
    await jsm.streams.add({ name, subjects: [subject] })
  } catch (e) {
    if (e instanceof Error && /already in use/.test(e.message)) {
      throw new Error(
        `stream '${name}' exists but does not capture subject '${subject}'; add the subject to it or set another streaming.clusterID`,
      )
    }
    throw e
  }
  return name
}

/**
 * The backends a server-level property runs against: one drive (the test server), and an
 * erasure set of 4 temporary drives in-process, so a parser's answer is checked on both.
 */
import { startTestServer, type TestServer } from '../../server/helpers/test-server.js'

/** Both backends, by name, for `describe.each`. */
export const BACKENDS: ReadonlyArray<readonly [string, () => Promise<TestServer>]> = [
  ['single drive', () => startTestServer()],
  ['erasure, 4 drives', () => startTestServer({ drives: 4 })],
]

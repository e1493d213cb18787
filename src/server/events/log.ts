/** Where the event pipeline reports drops, corrupt queue entries and delivery failures. */
export type EventLog = (message: string) => void

/** The default: one line on stderr, prefixed so operators can grep for it. */
export const consoleEventLog: EventLog = (message) => {
  console.warn(`[silo events] ${message}`)
}

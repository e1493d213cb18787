/** Where the server writes its banner, warnings and unexpected errors. */
export interface Logger {
  info(message: string): void
  warn(message: string): void
  error(message: string, error?: unknown): void
}

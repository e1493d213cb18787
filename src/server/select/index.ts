/**
 * The S3 Select engine: `compileSelect` checks a request's SQL and options and returns a query
 * that turns an object's bytes into output records. Pure of HTTP; the SelectObjectContent
 * handler frames its output as an event stream.
 */
export { compileSelect } from './compile-select.js'
export type {
  CompiledSelect,
  CompressionType,
  CsvInput,
  CsvOutput,
  JsonInput,
  JsonOutput,
  SelectRequest,
  SelectStats,
} from './types.js'

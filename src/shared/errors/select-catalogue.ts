/**
 * S3 Select's error codes (S3 API reference, "List of SELECT Object Content error codes"):
 * all 400 Bad Request. Spread into the one catalogue (catalogue.ts) so the server renders them
 * and the SDK types them like any other code.
 */
export const SELECT_ERRORS = {
  AmbiguousFieldName: {
    status: 400,
    message: 'The field name matches to multiple fields in the file. Check the SQL expression and the file.',
  },
  CastFailed: {
    status: 400,
    message: 'An attempt to convert from one data type to another using CAST failed in the SQL expression.',
  },
  CSVEscapingRecordDelimiter: {
    status: 400,
    message:
      'A quoted record delimiter was found in the file. To allow quoted record delimiters, set AllowQuotedRecordDelimiter to TRUE.',
  },
  CSVParsingError: { status: 400, message: 'An error occurred while parsing the CSV file.' },
  CSVUnescapedQuote: { status: 400, message: 'An unescaped quote was found while parsing the CSV file.' },
  EvaluatorBindingDoesNotExist: { status: 400, message: 'A column name or a path provided does not exist.' },
  EvaluatorInvalidArguments: {
    status: 400,
    message: 'The SQL expression contains a function called with the wrong number of arguments.',
  },
  EvaluatorLikePatternInvalidEscapeSequence: {
    status: 400,
    message: 'An argument given to the LIKE expression was not valid.',
  },
  EvaluatorNegativeLimit: { status: 400, message: 'The LIMIT clause must not be negative.' },
  ExpressionTooLong: { status: 400, message: 'The SQL expression is too long: the maximum is 256 KB.' },
  IllegalSqlFunctionArgument: { status: 400, message: 'Illegal argument was used in the SQL function.' },
  IncorrectSqlFunctionArgumentType: {
    status: 400,
    message: 'An incorrect argument type was specified in a function call in the SQL expression.',
  },
  IntegerOverflow: { status: 400, message: 'Integer overflow or underflow occurred in the SQL expression.' },
  InvalidColumnIndex: {
    status: 400,
    message: 'The column index in the SQL expression is not valid.',
  },
  InvalidCompressionFormat: {
    status: 400,
    message: 'The file is not in a supported compression format. GZIP and BZIP2 are supported.',
  },
  InvalidDataSource: {
    status: 400,
    message: 'Invalid data source type. Only CSV, JSON, and Parquet are supported.',
  },
  InvalidDataType: { status: 400, message: 'The SQL expression contains a data type that is not valid.' },
  InvalidExpressionType: {
    status: 400,
    message: 'The ExpressionType is not valid. Only SQL expressions are supported.',
  },
  InvalidFileHeaderInfo: {
    status: 400,
    message: 'The FileHeaderInfo is not valid. Only NONE, USE, and IGNORE are supported.',
  },
  InvalidJsonType: {
    status: 400,
    message: 'The JsonType is not valid. Only DOCUMENT and LINES are supported.',
  },
  InvalidQuoteFields: {
    status: 400,
    message: 'The QuoteFields is not valid. Only ALWAYS and ASNEEDED are supported.',
  },
  InvalidRequestParameter: {
    status: 400,
    message: 'The value of a parameter in the SelectRequest entity is not valid.',
  },
  InvalidTableAlias: { status: 400, message: 'The SQL expression contains a table alias that is not valid.' },
  InvalidTextEncoding: { status: 400, message: 'Invalid encoding type. Only UTF-8 encoding is supported.' },
  JSONParsingError: { status: 400, message: 'An error occurred while parsing the JSON file.' },
  LexerInvalidChar: { status: 400, message: 'The SQL expression contains a character that is not valid.' },
  LexerInvalidLiteral: {
    status: 400,
    message: 'The SQL expression contains an operator literal that is not valid.',
  },
  MissingRequiredParameter: {
    status: 400,
    message: 'The SelectRequest entity is missing a required parameter.',
  },
  ObjectSerializationConflict: {
    status: 400,
    message:
      'InputSerialization specifies more than one format (CSV, JSON, or Parquet), or OutputSerialization specifies more than one format (CSV or JSON).',
  },
  OverMaxRecordSize: {
    status: 400,
    message:
      'The length of a record in the input or result is greater than the maxCharsPerRecord limit of 1 MB.',
  },
  ParseAsteriskIsNotAloneInSelectList: {
    status: 400,
    message: 'Other expressions are not allowed in the SELECT list when * is used without dot notation.',
  },
  ParseExpectedExpression: { status: 400, message: 'An expression was expected in the SQL expression.' },
  ParseExpectedTokenType: { status: 400, message: 'The expected token was not found in the SQL expression.' },
  ParseInvalidTypeParam: {
    status: 400,
    message: 'The SQL expression contains a type parameter that is not valid.',
  },
  ParseSelectMissingFrom: {
    status: 400,
    message: 'The SQL expression contains a missing FROM after the SELECT list.',
  },
  ParseUnexpectedToken: { status: 400, message: 'The SQL expression contains an unexpected token.' },
  ParseUnknownOperator: {
    status: 400,
    message: 'The SQL expression contains an operator that is not valid.',
  },
  UnsupportedFunction: { status: 400, message: 'The SQL expression contains an unsupported function.' },
  UnsupportedScanRangeInput: {
    status: 400,
    message:
      'Scan range queries are not supported on this type of object (only uncompressed CSV and JSON LINES).',
  },
  UnsupportedSqlOperation: { status: 400, message: 'The SQL operation is not supported.' },
  UnsupportedSqlStructure: { status: 400, message: 'The SQL structure is not supported.' },
  UnsupportedSyntax: { status: 400, message: 'The SQL expression contains syntax that is not valid.' },
  ValueParseFailure: { status: 400, message: 'A timestamp parse failure occurred in the SQL expression.' },
} as const satisfies Record<string, { status: number; message: string }>

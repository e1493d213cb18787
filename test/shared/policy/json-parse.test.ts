import { describe, expect, it } from 'vitest'
import { parseJson } from '../../../src/shared/policy/json-parse.js'

describe('parseJson', () => {
  it.each([
    ['{"a":[1,-2.5e3,true,false,null,"x\\u00e9\\n"]}', { a: [1, -2500, true, false, null, 'xé\n'] }],
    ['\uFEFF {"b" : {}} ', { b: {} }],
    ['"plain"', 'plain'],
  ])('parses %s', (text, value) => {
    expect(parseJson(text)).toEqual(value)
  })

  it('keeps __proto__ as an ordinary key', () => {
    const value = parseJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>
    expect(Object.keys(value)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it.each([
    ['{"a":1,}', 'line 1, column 8: expected a property name in double quotes'],
    [
      '{\n  "Version": "2012-10-17"\n  "Statement": []\n}',
      "line 3, column 3: expected ',' or '}' after an object member",
    ],
    ['{"a" 1}', `line 1, column 6: expected ':' after "a"`],
    ['[1 2]', "line 1, column 4: expected ',' or ']' after an array element"],
    ['{"a":tru}', 'line 1, column 6: unexpected "t"'],
    ['{"a":"x', 'line 1, column 8: unterminated string'],
    ['{"a":"\\q"}', 'line 1, column 7: bad escape \\q'],
    ['{"a":01}', "line 1, column 7: expected ',' or '}' after an object member"],
    ['{"a":1} x', 'line 1, column 9: unexpected text after the JSON document'],
    ['{"Effect":"Allow",\n "Effect":"Deny"}', 'line 2, column 2: duplicate key "Effect"'],
    ['['.repeat(100), 'nesting deeper than 64 levels'],
  ])('reports %j with its position', (text, message) => {
    expect(() => parseJson(text)).toThrow(
      `invalid JSON at ${message.startsWith('line') ? '' : 'line 1, column 66: '}${message}`,
    )
  })
})

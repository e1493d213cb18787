/** How a CORS request is matched against a bucket's rules (first rule that allows it wins). */
import { describe, expect, it } from 'vitest'
import type { CorsRule } from '../../../src/server/cors/cors-configuration.js'
import { matchCorsRule, parseRequestHeaders } from '../../../src/server/cors/match-cors-rule.js'

const rule = (origins: string[], methods: string[], headers: string[] = []): CorsRule => ({
  allowedOrigins: origins,
  allowedMethods: methods,
  allowedHeaders: headers,
  exposeHeaders: [],
})

describe('matchCorsRule', () => {
  it.each([
    // [origins, methods, headers allowed, asked origin, method, headers asked, matches]
    [['https://a.example'], ['GET'], [], 'https://a.example', 'GET', [], true],
    [['https://a.example'], ['GET'], [], 'https://a.example:8443', 'GET', [], false],
    [['https://a.example'], ['GET'], [], 'https://a.example', 'PUT', [], false],
    [['https://a.example'], ['GET'], [], 'https://a.example', 'OPTIONS', [], false],
    [['*'], ['GET'], [], 'null', 'GET', [], true],
    [['https://*.a.example'], ['GET'], [], 'https://x.y.a.example', 'GET', [], true],
    [['https://*.a.example'], ['GET'], [], 'https://a.example', 'GET', [], false],
    [['https://*'], ['GET'], [], 'http://a.example', 'GET', [], false],
    [['*.example'], ['GET'], [], 'https://a.example', 'GET', [], true],
    [['http://a.example:*'], ['GET'], [], 'http://a.example:8080', 'GET', [], true],
    [[''], ['GET'], [], 'https://a.example', 'GET', [], false],
    [['*'], ['PUT'], ['authorization', 'X-Amz-*'], '', 'PUT', ['authorization', 'x-amz-date'], true],
    [['*'], ['PUT'], ['authorization'], '', 'PUT', ['authorization', 'x-amz-date'], false],
    [['*'], ['PUT'], ['*'], '', 'PUT', ['anything', 'x-amz-date'], true],
    [['*'], ['PUT'], [], '', 'PUT', ['content-type'], false],
  ])(
    'origins %j methods %j headers %j; ask %s %s %j → %s',
    (origins, methods, headers, origin, method, asked, expected) => {
      const match = matchCorsRule([rule(origins, methods, headers)], { origin, method, headers: asked })
      expect(match !== undefined).toBe(expected)
    },
  )

  it('the first rule that allows the request answers, with the origin pattern that matched', () => {
    const rules = [
      rule(['https://a.example'], ['PUT']),
      rule(['https://b.example', '*'], ['GET']),
      rule(['*'], ['GET']),
    ]
    const match = matchCorsRule(rules, { origin: 'https://a.example', method: 'GET', headers: [] })
    expect(match).toEqual({ rule: rules[1], origin: '*' })
  })

  it('splits Access-Control-Request-Headers into lower-cased names', () => {
    expect(parseRequestHeaders(' Authorization,X-Amz-Date , ,content-type')).toEqual([
      'authorization',
      'x-amz-date',
      'content-type',
    ])
    expect(parseRequestHeaders(undefined)).toEqual([])
  })
})

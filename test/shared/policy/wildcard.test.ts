import { describe, expect, it } from 'vitest'
import { compileWildcard } from '../../../src/shared/policy/wildcard.js'

describe('compileWildcard', () => {
  it.each<[string, string, boolean]>([
    ['*', '', true],
    ['*', 'anything/at/all', true],
    ['photos', 'photos', true],
    ['photos', 'Photos', false],
    ['photos', 'photos2', false],
    ['photos/*', 'photos/', true],
    ['photos/*', 'photos/a/b/c.jpg', true],
    ['photos/*', 'photos', false],
    ['photos*', 'photos2/x', true],
    ['photos/*.jpg', 'photos/2019/a.jpg', true],
    ['photos/*.jpg', 'photos/a.jpeg', false],
    ['photos/*.jpg', 'photos/aXjpg', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['a?c', 'abbc', false],
    ['a?c', 'a/c', true],
    ['a?c', 'a😀c', true],
    ['*/private/*', 'x/private/y', true],
    ['*/private/*', 'x/public/y', false],
    ['a.b', 'axb', false],
    ['(x)+[y]', '(x)+[y]', true],
    ['a*b*c', 'a--b--c', true],
    ['a*b*c', 'a--c--b', false],
    ['line*', 'line\nbreak', true],
  ])('%j matches %j: %s', (pattern, value, expected) => {
    expect(compileWildcard(pattern)(value)).toBe(expected)
  })

  it.each<[string, string, boolean]>([
    ['s3:get*', 's3:GetObject', true],
    ['S3:*OBJECT', 's3:PutObject', true],
    ['s3:GetObject', 's3:getobject', true],
    ['s3:Get?bject', 's3:GetObject', true],
    ['s3:Get*', 's3:PutObject', false],
  ])('ignoring case, %j matches %j: %s', (pattern, value, expected) => {
    expect(compileWildcard(pattern, true)(value)).toBe(expected)
  })
})

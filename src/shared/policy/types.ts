import type { S3Action } from './actions.js'

/** Which grammar a document follows: an IAM (canned, user) policy or a bucket policy. */
export type PolicyKind = 'iam' | 'bucket'

/** A value or a list of them, as the policy grammar allows almost everywhere. */
export type OneOrMany<T> = T | readonly T[]

/** A bucket-policy principal: everyone, or AWS principals (access keys, user ARNs, `*`). */
export type PolicyPrincipal = '*' | { readonly AWS: OneOrMany<string> }

/** A condition block: operator → condition key → value(s). */
export type PolicyCondition = Readonly<
  Record<string, Readonly<Record<string, OneOrMany<string | number | boolean>>>>
>

/** One statement of a policy document, as written in JSON. */
export interface PolicyStatement {
  readonly Sid?: string
  readonly Effect: 'Allow' | 'Deny'
  readonly Principal?: PolicyPrincipal
  readonly Action?: OneOrMany<string>
  readonly NotAction?: OneOrMany<string>
  readonly Resource?: OneOrMany<string>
  readonly NotResource?: OneOrMany<string>
  readonly Condition?: PolicyCondition
}

/** A policy document as written in JSON (IAM or bucket policy). */
export interface PolicyDocument {
  readonly Version: '2012-10-17' | '2008-10-17'
  readonly Id?: string
  readonly Statement: OneOrMany<PolicyStatement>
}

/** Request-context values for conditions, by key (`aws:SourceIp`, `s3:prefix`...). */
export type ConditionValues = Readonly<Record<string, string | readonly string[] | undefined>>

/** What is being asked: one action on one resource by one principal. */
export interface PolicyRequest {
  /** A catalogue action, e.g. `s3:GetObject` (any case). */
  readonly action: string
  readonly bucket?: string
  readonly key?: string
  /** The caller's access key, or `*` / undefined for an anonymous request. */
  readonly principal?: string
  /** Condition keys, spelt as in {@link CONDITION_KEYS}; absent keys are simply missing. */
  readonly conditions?: ConditionValues
}

/** The outcome: an Allow matched and no Deny did, a Deny matched, or nothing matched. */
export type Decision = 'allow' | 'deny' | 'implicit-deny'

/** Compiled test of a statement's Resource against a request's resource ARN. */
export type ResourceTest = (resource: string, conditions: ConditionValues) => boolean

/** Compiled test of one condition (operator + key) against a request's condition values. */
export type ConditionTest = (conditions: ConditionValues) => boolean

/** A statement after validation, ready to evaluate. */
export interface CompiledStatement {
  readonly effect: 'Allow' | 'Deny'
  /** null: no principal check (IAM); otherwise the principals it names, `*` for everyone. */
  readonly principals: ReadonlySet<string> | null
  readonly resource: ResourceTest
  /** Every condition; all must hold. */
  readonly conditions: readonly ConditionTest[]
}

/**
 * A validated policy, compiled for evaluation. Build it with `parsePolicy`; it is immutable
 * and may be cached and shared.
 */
export interface CompiledPolicy {
  readonly kind: PolicyKind
  /** The bucket a bucket policy was validated against. */
  readonly bucket: string | undefined
  /** The parsed document (unknown fields were rejected, so it is exactly what was written). */
  readonly document: PolicyDocument
  /** Statements indexed by the actions they apply to (Action wildcards and NotAction resolved). */
  readonly statementsByAction: ReadonlyMap<S3Action, readonly CompiledStatement[]>
}

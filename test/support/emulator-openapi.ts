/**
 * An OpenAPI document as Ajv validators, so tests check served records against the
 * contract itself rather than against hand-written expectations. The unit tests use the
 * project's own document (docs/openapi.yaml); test/unit/main/emulator/published-spec.test.ts
 * also checks against the provider's full published spec when it is beside the checkout.
 *
 * OpenAPI 3.0 schemas are not quite JSON Schema, so each is converted:
 * - `nullable: true` becomes a union with null; boolean exclusiveMinimum/Maximum become numbers;
 * - `oneOf` becomes `anyOf`: the spec's alternatives overlap (every MessageContent
 *   variant accepts `{body}`; every `media` form is a plain string), so oneOf would
 *   reject every value;
 * - `example` and `x-*` are dropped;
 * - objects reject members the spec does not declare (`unevaluatedProperties: false`
 *   wherever an object is used as a value, not where it is an allOf part), so a
 *   misspelt or invented field fails instead of passing silently.
 * SPEC_PATCHES lists the places where the published spec contradicts itself.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { parse } from 'yaml'

/** The project's own contract for the operations the app and the emulator use. */
export const CONTRACT_PATH = fileURLToPath(new URL('../../docs/openapi.yaml', import.meta.url))

type Schema = Record<string, unknown>

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Where the spec contradicts itself; each patch says how. */
const SPEC_PATCHES: readonly ((schemas: Record<string, Schema>) => void)[] = [
  // MediaFile lists `time` as required but never declares it.
  (schemas) => {
    const properties = schemas.MediaFile?.properties as Schema | undefined
    if (properties !== undefined && properties.time === undefined) properties.time = { type: 'number' }
  },
]

const STRICT = '__strict'
const refName = (ref: string): string => ref.replace('#/components/schemas/', '')

/** `part`: the schema is one part of an allOf, so other parts may declare more members. */
function convert(node: unknown, part: boolean): unknown {
  if (!isObject(node)) return node
  const out: Schema = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === 'example' || key.startsWith('x-') || key === 'nullable') continue
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = `#/$defs/${refName(value)}${part ? '' : STRICT}`
    } else if (key === 'allOf' && Array.isArray(value)) {
      out.allOf = value.map((member) => convert(member, true))
    } else if ((key === 'oneOf' || key === 'anyOf') && Array.isArray(value)) {
      out.anyOf = value.map((member) => convert(member, false))
    } else if (key === 'properties' && isObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, convert(schema, false)]))
    } else if ((key === 'items' || key === 'additionalProperties' || key === 'not') && isObject(value)) {
      out[key] = convert(value, false)
    } else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'boolean') {
      if (value) out[key] = node[key === 'exclusiveMinimum' ? 'minimum' : 'maximum']
    } else {
      out[key] = value
    }
  }
  if (out.exclusiveMinimum !== undefined && out.exclusiveMinimum === out.minimum) delete out.minimum
  if (out.exclusiveMaximum !== undefined && out.exclusiveMaximum === out.maximum) delete out.maximum
  if (node.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null']
    else return { anyOf: [out, { type: 'null' }] }
  }
  const declaresMembers = out.properties !== undefined || out.allOf !== undefined
  if (!part && out.$ref === undefined && declaresMembers && out.additionalProperties === undefined) {
    out.unevaluatedProperties = false
  }
  return out
}

function format(errors: readonly ErrorObject[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const extra = e.keyword === 'unevaluatedProperties' ? ` (${String((e.params as Schema).unevaluatedProperty)})` : ''
    return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`
  })
}

export interface SpecValidator {
  /** The document as parsed YAML, untouched. */
  spec: Schema
  /** One component schema, as written in the document. */
  rawSchema(name: string): Schema
  /**
   * Validates `value` against the schema `name` (e.g. "GroupsList", "SentMessage",
   * "ResponseError"). Returns the errors, empty when valid.
   */
  specErrors(name: string, value: unknown): string[]
}

/** Validators for the OpenAPI document at `path`. */
export function specValidator(path: string): SpecValidator {
  const spec = parse(readFileSync(path, 'utf8')) as Schema
  const schemas = (spec.components as Schema).schemas as Record<string, Schema>
  let compiled: Ajv2020 | undefined
  const validators = new Map<string, ValidateFunction>()

  const rawSchema = (name: string): Schema => {
    const schema = schemas[name]
    if (schema === undefined) throw new Error(`the spec has no schema ${name}`)
    return schema
  }

  const ajv = (): Ajv2020 => {
    if (compiled !== undefined) return compiled
    const patched = structuredClone(schemas)
    for (const patch of SPEC_PATCHES) patch(patched)
    const defs: Schema = {}
    for (const [name, schema] of Object.entries(patched)) {
      defs[name] = convert(schema, true)
      defs[`${name}${STRICT}`] = { $ref: `#/$defs/${name}`, unevaluatedProperties: false }
    }
    compiled = new Ajv2020({
      strict: true,
      // The spec states required members beside allOf, and types only on some parts: both are fine.
      strictTypes: false,
      strictRequired: false,
      allErrors: true,
      allowUnionTypes: true,
    })
    // ajv-formats is CommonJS; its default export arrives wrapped under ESM.
    const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv2020) => void
    addFormats(compiled)
    compiled.addSchema({ $id: 'openapi', $defs: defs })
    return compiled
  }

  const specErrors = (name: string, value: unknown): string[] => {
    let validate = validators.get(name)
    if (validate === undefined) {
      rawSchema(name)
      validate = ajv().getSchema(`openapi#/$defs/${name}${STRICT}`)
      if (validate === undefined) throw new Error(`cannot compile ${name}`)
      validators.set(name, validate)
    }
    return validate(value) ? [] : format(validate.errors)
  }

  return { spec, rawSchema, specErrors }
}

let contract: SpecValidator | undefined
const ownContract = (): SpecValidator => (contract ??= specValidator(CONTRACT_PATH))

/** A schema of the project's own contract. */
export const rawSchema = (name: string): Schema => ownContract().rawSchema(name)

/** Errors of `value` against a schema of the project's own contract; empty when valid. */
export const specErrors = (name: string, value: unknown): string[] => ownContract().specErrors(name, value)

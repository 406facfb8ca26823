/**
 * What the project's contract (docs/openapi.yaml) declares `POST /media` takes: the keys of
 * its request body, as the provider's spec spells them. The JSON form (a data URI or a URL
 * inside `{media}`) is left aside, and so is any key not shaped like a media type (the spec's
 * `codecs=opus` is what is left of `audio/ogg; codecs=opus`, whose type is audio/ogg).
 */
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { CONTRACT_PATH } from './emulator-openapi'

type Node = Record<string, unknown>

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/

export function declaredUploadTypes(path = CONTRACT_PATH): string[] {
  const spec = parse(readFileSync(path, 'utf8')) as Node
  const post = ((spec.paths as Node)['/media'] as Node).post as Node
  let body = post.requestBody as Node
  const ref = body.$ref
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/requestBodies/', '')
    body = ((spec.components as Node).requestBodies as Node)[name] as Node
  }
  return Object.keys(body.content as Node).filter((key) => MEDIA_TYPE.test(key) && key !== 'application/json')
}

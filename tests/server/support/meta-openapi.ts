import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import YAML from 'yaml';

/**
 * Meta's own OpenAPI description of the Cloud API (shared/meta, v23.0), for checking what our Graph
 * client sends and what our simulator answers. Where its $refs and its examples disagree, the
 * examples win (WHATSAPP.md §5): the outgoing messages (`TextMessage`, the media ones,
 * `TemplateMessage`, `ReactionMessage`) are checked with their allOf merged (each second part forbids the base
 * properties), as `<Name>Merged`; `subscribed_apps` items against the examples' shape; a template's
 * `language` needs only `code`, as every template example sends it (the schema also requires `policy`).
 */

export const META_OPENAPI_FILE = path.resolve(__dirname, '../../../../shared/meta/business-messaging-api_v23.0.yaml');

type Schema = Record<string, unknown>;
type OpenApi = {
  components: { schemas: Record<string, Schema> };
  paths: Record<string, Record<string, Operation>>;
};
type Media = { examples?: Record<string, { value: unknown }>; example?: unknown };
type Operation = {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

const ROOT_ID = 'https://meta.test/business-messaging-api.json';

function merged(spec: OpenApi, name: string): Schema {
  const parts = (spec.components.schemas[name].allOf as Schema[]).map((part) =>
    typeof part.$ref === 'string' ? spec.components.schemas[part.$ref.split('/').pop() as string] : part,
  );
  return {
    type: 'object',
    required: [...new Set(parts.flatMap((part) => (part.required as string[] | undefined) ?? []))],
    properties: Object.assign({}, ...parts.map((part) => part.properties)),
    additionalProperties: false,
  };
}

export class MetaOpenApi {
  private readonly ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true, logger: false });

  constructor(readonly spec: OpenApi) {
    const outgoing = [
      'TextMessage',
      'ImageMessage',
      'AudioMessage',
      'VideoMessage',
      'DocumentMessage',
      'TemplateMessage',
      'ReactionMessage',
    ];
    const schemas: Record<string, Schema> = {
      ...spec.components.schemas,
      LanguageObject: { ...spec.components.schemas.LanguageObject, required: ['code'] },
    };
    for (const name of outgoing) schemas[`${name}Merged`] = merged(spec, name);
    this.ajv.addSchema({ $id: ROOT_ID, components: { ...spec.components, schemas } });
  }

  static load(): MetaOpenApi {
    return new MetaOpenApi(YAML.parse(fs.readFileSync(META_OPENAPI_FILE, 'utf8')) as OpenApi);
  }

  /** The validation errors of `value` against `components.schemas[name]` (empty when it conforms). */
  errors(name: string, value: unknown): string[] {
    const validate = this.ajv.getSchema(`${ROOT_ID}#/components/schemas/${name}`);
    if (!validate) throw new Error(`no schema ${name}`);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);
  }

  /** A named example of an operation's request body or response (`where` = 'request' or a status). */
  example(pathName: string, method: string, where: string, name?: string): unknown {
    const operation = this.spec.paths[pathName][method];
    const media =
      where === 'request'
        ? operation.requestBody?.content['application/json']
        : operation.responses[where]?.content?.['application/json'];
    const value = name ? media?.examples?.[name]?.value : media?.example;
    if (value === undefined) throw new Error(`no example ${name ?? ''} for ${method} ${pathName} ${where}`);
    return value;
  }
}

/** Keys and value types, recursively (arrays by their first item): what "the same shape" means here. */
export function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, shapeOf((value as Record<string, unknown>)[key])]),
    );
  }
  return typeof value;
}

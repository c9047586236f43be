import type { Executor } from '../../db/client';
import type { WabaRow } from './accounts';
import { graphErrors } from './errors';
import { graphId } from './ids';

/**
 * Message templates in the sandbox (GET/POST/DELETE /{waba-id}/message_templates): a submission Meta
 * refuses outright answers its error object; one it takes is PENDING until the pretend review, a
 * moment later, approves it or rejects it (a body that starts or ends with a variable, as Meta's
 * review does) and tells our webhook (`message_template_status_update`).
 */

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
const LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2})?$/;
export const TEMPLATE_BODY_MAX_LENGTH = 1024;
export const TEMPLATE_HEADER_MAX_LENGTH = 60;
export const TEMPLATE_BUTTON_TEXT_MAX_LENGTH = 25;
export const TEMPLATE_MAX_BUTTONS = 10;
const BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER'];
const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;
export const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;

type Json = Record<string, unknown>;

export type TemplateRow = {
  id: string;
  waba_id: string;
  name: string;
  language: string;
  category: string;
  components: Json[];
  status: string;
  rejected_reason: string | null;
};

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The numbers of the {{n}} a text holds, in order of appearance. */
export function variablesOf(text: string): number[] {
  return [...text.matchAll(VARIABLE)].map((match) => Number(match[1]));
}

function refuse(title: string, message: string): never {
  throw graphErrors.invalidTemplate(title, message);
}

function checkVariables(text: string, where: string, example: unknown): void {
  const numbers = variablesOf(text);
  if (numbers.some((n, i) => n !== i + 1)) {
    refuse('Invalid variable parameters', `The ${where} variables must be {{1}}, {{2}}… in order, without gaps.`);
  }
  if (numbers.length > 0 && (!Array.isArray(example) || example.length !== numbers.length)) {
    refuse(
      'Missing sample values',
      numbers.length === 1
        ? `Add a sample value for the ${where} variable.`
        : `Add a sample value for each of the ${numbers.length} ${where} variables.`,
    );
  }
}

function checkComponent(component: unknown): Json {
  if (!isObject(component) || typeof component.type !== 'string') {
    refuse('Invalid component', 'Each component must be an object with a type.');
  }
  const type = component.type.toUpperCase();
  const example = isObject(component.example) ? component.example : {};
  if (type === 'BODY') {
    if (typeof component.text !== 'string' || component.text.trim() === '') {
      refuse('Missing body text', 'The body must have text.');
    }
    if (component.text.length > TEMPLATE_BODY_MAX_LENGTH) {
      refuse('Body too long', `The body must be at most ${TEMPLATE_BODY_MAX_LENGTH} characters.`);
    }
    checkVariables(component.text, 'body', Array.isArray(example.body_text) ? example.body_text[0] : undefined);
  } else if (type === 'HEADER') {
    if (component.format !== 'TEXT' || typeof component.text !== 'string' || component.text.trim() === '') {
      refuse('Invalid header', 'The sandbox takes text headers only (format TEXT with text).');
    }
    if (component.text.length > TEMPLATE_HEADER_MAX_LENGTH) {
      refuse('Header too long', `The header must be at most ${TEMPLATE_HEADER_MAX_LENGTH} characters.`);
    }
    if (variablesOf(component.text).length > 1) refuse('Too many variables', 'A header may have one variable.');
    checkVariables(component.text, 'header', example.header_text);
  } else if (type === 'FOOTER') {
    if (typeof component.text !== 'string' || component.text.length > TEMPLATE_HEADER_MAX_LENGTH) {
      refuse('Invalid footer', `The footer must be text of at most ${TEMPLATE_HEADER_MAX_LENGTH} characters.`);
    }
  } else if (type === 'BUTTONS') {
    const buttons = component.buttons;
    if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > TEMPLATE_MAX_BUTTONS) {
      refuse('Invalid buttons', `Add 1 to ${TEMPLATE_MAX_BUTTONS} buttons.`);
    }
    for (const button of buttons) {
      if (!isObject(button) || typeof button.type !== 'string' || !BUTTON_TYPES.includes(button.type)) {
        refuse('Invalid button', `A button's type must be one of ${BUTTON_TYPES.join(', ')}.`);
      }
      if (
        typeof button.text !== 'string' ||
        button.text === '' ||
        button.text.length > TEMPLATE_BUTTON_TEXT_MAX_LENGTH
      ) {
        refuse('Invalid button', `A button's text must be 1 to ${TEMPLATE_BUTTON_TEXT_MAX_LENGTH} characters.`);
      }
      if (button.type === 'URL' && (typeof button.url !== 'string' || !/^https?:\/\//.test(button.url))) {
        refuse('Invalid button', 'A URL button needs an http(s) url.');
      }
      if (
        button.type === 'PHONE_NUMBER' &&
        (typeof button.phone_number !== 'string' || !/^\+?\d{6,15}$/.test(button.phone_number))
      ) {
        refuse('Invalid button', 'A phone number button needs a phone_number.');
      }
    }
  } else {
    refuse('Invalid component', `Unknown component type ${component.type}.`);
  }
  return { ...component, type };
}

export interface NewTemplateBody {
  name?: unknown;
  language?: unknown;
  category?: unknown;
  components?: unknown;
}

/** POST /{waba-id}/message_templates: checked as Meta checks a submission; answers `{ id, status, category }`. */
export async function createTemplate(db: Executor, waba: WabaRow, body: unknown): Promise<TemplateRow> {
  if (!isObject(body)) throw graphErrors.badParameter('Invalid parameter', 'The request body must be a JSON object.');
  const { name, language, category, components } = body as NewTemplateBody;
  if (typeof name !== 'string' || !TEMPLATE_NAME.test(name)) {
    refuse('Invalid template name', 'The name may only have lowercase letters, digits and underscores.');
  }
  if (typeof language !== 'string' || !LANGUAGE.test(language)) {
    refuse('Invalid language', 'The language must be a code such as en or en_US.');
  }
  if (typeof category !== 'string' || !(TEMPLATE_CATEGORIES as readonly string[]).includes(category)) {
    refuse('Invalid category', `The category must be one of ${TEMPLATE_CATEGORIES.join(', ')}.`);
  }
  if (!Array.isArray(components)) refuse('Missing components', 'components must be a list.');
  const checked = components.map(checkComponent);
  const types = checked.map((component) => component.type as string);
  if (types.filter((type) => type === 'BODY').length !== 1 || new Set(types).size !== types.length) {
    refuse('Invalid components', 'A template has exactly one body and at most one header, footer and buttons.');
  }
  const row = await db.maybeOne<TemplateRow>(
    `insert into sandbox_templates (id, waba_id, name, language, category, components, status)
     values ($1, $2, $3, $4, $5, $6::jsonb, 'PENDING')
     on conflict (waba_id, name, language) do nothing
     returning *`,
    [graphId(), waba.id, name, language, category, JSON.stringify(checked)],
  );
  if (!row) {
    refuse(
      'Content in This Language Already Exists',
      `There is already ${language} content for this template. Create a new template or add a new language.`,
    );
  }
  return row;
}

/** The review's verdict: the reason Meta would reject it for, or undefined to approve it. */
export function reviewVerdict(template: TemplateRow): string | undefined {
  const body = template.components.find((component) => component.type === 'BODY');
  const text = typeof body?.text === 'string' ? body.text.trim() : '';
  if (/^\{\{\s*\d+\s*\}\}/.test(text) || /\{\{\s*\d+\s*\}\}$/.test(text)) return 'INVALID_FORMAT';
  return undefined;
}

/** Ends the review; answers the template as it now is (undefined once deleted). */
export async function finishReview(db: Executor, templateId: string): Promise<TemplateRow | undefined> {
  const template = await db.maybeOne<TemplateRow>(
    "select * from sandbox_templates where id = $1 and status = 'PENDING'",
    [templateId],
  );
  if (!template) return undefined;
  const reason = reviewVerdict(template);
  return db.maybeOne<TemplateRow>(
    `update sandbox_templates set status = $2, rejected_reason = $3 where id = $1 and status = 'PENDING' returning *`,
    [templateId, reason ? 'REJECTED' : 'APPROVED', reason ?? null],
  );
}

export interface TemplateListQuery {
  name?: string;
  limit?: string;
  after?: string;
  fields?: string;
}

const DEFAULT_FIELDS = ['name', 'components', 'language', 'status', 'category', 'id'];
const KNOWN_FIELDS = new Set([...DEFAULT_FIELDS, 'rejected_reason']);

function cursor(id: string): string {
  return Buffer.from(id).toString('base64url');
}

/** GET /{waba-id}/message_templates: oldest first, paged by cursors as Graph pages. */
export async function listTemplates(db: Executor, waba: WabaRow, query: TemplateListQuery) {
  const limit = query.limit === undefined ? DEFAULT_PAGE_SIZE : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw graphErrors.badParameter('Invalid parameter', `limit must be 1 to ${MAX_PAGE_SIZE}.`);
  }
  const fields = query.fields ? query.fields.split(',').map((field) => field.trim()) : DEFAULT_FIELDS;
  for (const field of fields) if (!KNOWN_FIELDS.has(field)) throw graphErrors.unknownField(field, 'MessageTemplate');
  const after = query.after ? Buffer.from(query.after, 'base64url').toString() : null;
  const rows = await db.query<TemplateRow & { position: string }>(
    `select t.*, t.created_at::text || t.id as position from sandbox_templates t
      where t.waba_id = $1 and ($2::text is null or t.name = $2)
        and ($3::text is null or (t.created_at::text || t.id) > $3)
      order by t.created_at, t.id limit $4`,
    [waba.id, query.name ?? null, after, limit + 1],
  );
  const page = rows.slice(0, limit);
  const data = page.map((row) => {
    const item: Record<string, unknown> = {};
    for (const field of fields) {
      if (field === 'rejected_reason') item.rejected_reason = row.rejected_reason ?? 'NONE';
      else item[field] = row[field as keyof TemplateRow];
    }
    return item;
  });
  if (page.length === 0) return { data };
  const cursors = { before: cursor(page[0].position), after: cursor(page[page.length - 1].position) };
  return { data, paging: { cursors } };
}

/** DELETE /{waba-id}/message_templates?name=&hsm_id=: every language of the name, or the one hsm_id names. */
export async function deleteTemplate(db: Executor, waba: WabaRow, query: { name?: string; hsm_id?: string }) {
  if (!query.name) throw graphErrors.badParameter('Invalid parameter', 'name is required.');
  const deleted = await db.query(
    `delete from sandbox_templates where waba_id = $1 and name = $2 and ($3::text is null or id = $3) returning id`,
    [waba.id, query.name, query.hsm_id ?? null],
  );
  if (deleted.length === 0) {
    throw graphErrors.badParameter('Invalid parameter', `Message template "${query.name}" was not found.`);
  }
  return { success: true };
}

/** A template message's text as the customer reads it: the header and body with their values. */
export function renderTemplate(template: TemplateRow, header: string[], body: string[]): string {
  const fill = (text: string, values: string[]) =>
    text.replace(VARIABLE, (_all, n: string) => values[Number(n) - 1] ?? '');
  const text = (type: string) => {
    const component = template.components.find((c) => c.type === type);
    return typeof component?.text === 'string' ? component.text : undefined;
  };
  const headerText = text('HEADER');
  const bodyText = text('BODY') ?? '';
  return [headerText && fill(headerText, header), fill(bodyText, body), text('FOOTER')].filter(Boolean).join('\n\n');
}

import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_ERRORS,
  TEMPLATE_LANGUAGE_PATTERN,
  TEMPLATE_LIMITS,
  templateVariables,
  variableNumbers,
  type NewTemplate,
  type Template,
  type TemplateStatus,
} from '../../../contract';
import type { Executor } from '../../db/client';
import { Conflict, NotFound, ValidationFailed } from '../../errors';
import type { InboxDeps } from '../inbox/deps';
import { requireSendingConnection } from '../whatsapp/sending-connection';
import { markNeedsReconnection } from '../whatsapp/connections';
import type { MessageTemplate, TemplateComponent } from '../whatsapp/graph-client';
import { GraphError, GraphObjectMissing, GraphTokenInvalid } from '../whatsapp/graph-errors';
import { explainGraphFailure } from '../whatsapp/graph-failures';

/**
 * The owner's message templates: a local copy of their WABA's (synced from Graph), created and
 * deleted through Graph, and reviewed by Meta (the webhook's `message_template_status_update`).
 * The list shows the templates of the WABA connected now.
 */

export type TemplateRow = {
  id: number;
  user_id: number;
  waba_id: string;
  graph_id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  rejected_reason: string | null;
  components: TemplateComponent[];
  previous_category: string | null;
  category_changed_at: Date | null;
};

const COLUMNS = `id, user_id, waba_id, graph_id, name, language, category, status, rejected_reason, components,
  previous_category, category_changed_at`;
const STATUSES: readonly TemplateStatus[] = ['PENDING', 'APPROVED', 'REJECTED', 'PAUSED', 'DISABLED'];
const NAME = new RegExp('^[a-z0-9_]+$');
const LANGUAGE = new RegExp(TEMPLATE_LANGUAGE_PATTERN);
/** Meta's template statuses beyond ours (e.g. IN_APPEAL, PENDING_DELETION) read as the nearest of ours. */
const NEAREST_STATUS: Record<string, TemplateStatus> = { IN_APPEAL: 'PENDING', PENDING_DELETION: 'DISABLED' };

function statusOf(status: string): TemplateStatus {
  const upper = status.toUpperCase();
  return (STATUSES as readonly string[]).includes(upper)
    ? (upper as TemplateStatus)
    : (NEAREST_STATUS[upper] ?? 'DISABLED');
}

function component(row: Pick<TemplateRow, 'components'>, type: string): TemplateComponent | undefined {
  return row.components.find((candidate) => candidate.type.toUpperCase() === type);
}

export function toTemplate(row: TemplateRow): Template {
  const body = component(row, 'BODY')?.text ?? '';
  const header = component(row, 'HEADER');
  const headerText = header?.format === 'TEXT' || (header && !header.format) ? (header.text ?? null) : null;
  return {
    id: row.id,
    name: row.name,
    language: row.language,
    category: row.category,
    status: statusOf(row.status),
    rejected_reason: row.rejected_reason && row.rejected_reason !== 'NONE' ? row.rejected_reason : null,
    body,
    header: headerText,
    footer: component(row, 'FOOTER')?.text ?? null,
    buttons: (component(row, 'BUTTONS')?.buttons ?? []).map((button) => button.text),
    body_variables: new Set(templateVariables(body)).size,
    header_variables: headerText ? new Set(templateVariables(headerText)).size : 0,
    category_change:
      row.previous_category && row.category_changed_at
        ? { from: row.previous_category, at: row.category_changed_at.toISOString() }
        : null,
  };
}

export function templateNotFound(): NotFound {
  return new NotFound(TEMPLATE_ERRORS.notFound, 'template_not_found');
}

/** The owner's template (of any WABA); a stranger's is a 404. */
export async function requireTemplate(db: Executor, userId: number, id: number): Promise<TemplateRow> {
  const row = await db.maybeOne<TemplateRow>(
    `select ${COLUMNS} from message_templates where user_id = $1 and id = $2`,
    [userId, id],
  );
  if (!row) throw templateNotFound();
  return row;
}

/** The templates of the owner's connected WABA, by name and language; none while nothing is connected. */
export async function listTemplates(db: Executor, userId: number): Promise<Template[]> {
  const rows = await db.query<TemplateRow>(
    `select ${COLUMNS} from message_templates t
      where user_id = $1
        and waba_id = (select waba_id from whatsapp_connections c where c.user_id = t.user_id)
      order by name, language, id`,
    [userId],
  );
  return rows.map(toTemplate);
}

/** A Graph failure as the owner reads it; a refused token also marks the connection for reconnecting. */
async function graphFailure(deps: InboxDeps, connectionId: number, error: unknown): Promise<unknown> {
  if (error instanceof GraphTokenInvalid) await markNeedsReconnection(deps.db, connectionId);
  return explainGraphFailure(error);
}

/** Reads every template of the connected WABA from Graph into the local copy, then lists them. */
export async function syncTemplates(deps: InboxDeps, userId: number): Promise<Template[]> {
  const { connection, token } = await requireSendingConnection(deps.db, deps.secrets, userId);
  const found: MessageTemplate[] = [];
  try {
    let after: string | undefined;
    do {
      const page = await deps.graph.listTemplates(token, connection.waba_id, { limit: 100, after });
      found.push(...page.data);
      after = page.paging?.next ? page.paging.cursors?.after : undefined;
    } while (after);
  } catch (error) {
    throw await graphFailure(deps, connection.id, error);
  }
  await deps.db.transaction(async (tx) => {
    for (const template of found) {
      await tx.query(
        `insert into message_templates
           (user_id, waba_id, graph_id, name, language, category, status, rejected_reason, components)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)
         on conflict (user_id, graph_id) do update set
           name = excluded.name, language = excluded.language, category = excluded.category,
           status = excluded.status, rejected_reason = excluded.rejected_reason,
           components = excluded.components, updated_at = now()
         where (message_templates.status, message_templates.rejected_reason, message_templates.components,
                message_templates.category)
               is distinct from (excluded.status, excluded.rejected_reason, excluded.components, excluded.category)`,
        [
          userId,
          connection.waba_id,
          template.id,
          template.name,
          template.language,
          template.category,
          statusOf(template.status),
          template.rejected_reason ?? null,
          JSON.stringify(template.components ?? []),
        ],
      );
    }
    await tx.query(
      `delete from message_templates where user_id = $1 and waba_id = $2 and not (graph_id = any($3::text[]))`,
      [userId, connection.waba_id, found.map((template) => template.id)],
    );
  });
  return listTemplates(deps.db, userId);
}

/** The submission checked as Meta checks it, each refusal naming its field. */
function checkNewTemplate(input: NewTemplate): CheckedTemplate {
  if (input.name.length > TEMPLATE_LIMITS.nameMaxLength) {
    throw new ValidationFailed(TEMPLATE_ERRORS.nameTooLong, 'name');
  }
  if (!NAME.test(input.name)) throw new ValidationFailed(TEMPLATE_ERRORS.name, 'name');
  if (!LANGUAGE.test(input.language)) throw new ValidationFailed(TEMPLATE_ERRORS.language, 'language');
  if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(input.category)) {
    throw new ValidationFailed(TEMPLATE_ERRORS.category, 'category');
  }
  if (input.body.trim() === '') throw new ValidationFailed(TEMPLATE_ERRORS.bodyRequired, 'body');
  if (input.body.length > TEMPLATE_LIMITS.bodyMaxLength)
    throw new ValidationFailed(TEMPLATE_ERRORS.bodyTooLong, 'body');
  if (templateVariables(input.body).some((n, i) => n !== i + 1)) {
    throw new ValidationFailed(TEMPLATE_ERRORS.variablesInOrder, 'body');
  }
  const header = input.header?.trim() || undefined;
  if (header !== undefined) {
    if (header.length > TEMPLATE_LIMITS.headerMaxLength) {
      throw new ValidationFailed(TEMPLATE_ERRORS.headerTooLong, 'header');
    }
    const variables = templateVariables(header);
    if (variables.length > 1 || (variables.length === 1 && variables[0] !== 1)) {
      throw new ValidationFailed(TEMPLATE_ERRORS.headerVariables, 'header');
    }
  }
  const footer = checkFooter(input.footer);
  const buttons = (input.buttons ?? []).map((text) => text.trim());
  if (buttons.length > TEMPLATE_LIMITS.maxButtons)
    throw new ValidationFailed(TEMPLATE_ERRORS.tooManyButtons, 'buttons');
  if (buttons.some((text) => text === '' || text.length > TEMPLATE_LIMITS.buttonTextMaxLength)) {
    throw new ValidationFailed(TEMPLATE_ERRORS.buttonText, 'buttons');
  }
  return {
    header,
    footer,
    buttons,
    bodyExamples: checkExamples(input.body, input.body_examples, 'body_examples'),
    headerExamples: header ? checkExamples(header, input.header_examples, 'header_examples') : [],
  };
}

interface CheckedTemplate {
  header?: string;
  footer?: string;
  buttons: string[];
  bodyExamples: string[];
  headerExamples: string[];
}

function checkFooter(text: string | null | undefined): string | undefined {
  const footer = text?.trim() || undefined;
  if (footer === undefined) return undefined;
  if (footer.length > TEMPLATE_LIMITS.footerMaxLength)
    throw new ValidationFailed(TEMPLATE_ERRORS.footerTooLong, 'footer');
  if (templateVariables(footer).length > 0) throw new ValidationFailed(TEMPLATE_ERRORS.footerVariables, 'footer');
  return footer;
}

/**
 * A sample value for each variable of `text`, as Meta's review wants them. A caller that sends none
 * (an older client) gets 'sample n' in their place; one that sends some must send one per variable.
 */
function checkExamples(text: string, given: string[] | undefined, field: string): string[] {
  const numbers = variableNumbers(text);
  if (given === undefined) return numbers.map((n) => `sample ${n}`);
  if (given.length !== numbers.length) throw new ValidationFailed(TEMPLATE_ERRORS.examplesCount, field);
  return given.map((value, index) => {
    const example = value.trim();
    if (example === '') throw new ValidationFailed(TEMPLATE_ERRORS.exampleRequired(numbers[index]), field);
    if (example.length > TEMPLATE_LIMITS.valueMaxLength)
      throw new ValidationFailed(TEMPLATE_ERRORS.exampleTooLong, field);
    return example;
  });
}

function componentsOf(input: NewTemplate, checked: CheckedTemplate): TemplateComponent[] {
  const { header, footer, buttons, bodyExamples, headerExamples } = checked;
  return [
    ...(header
      ? [
          {
            type: 'HEADER',
            format: 'TEXT',
            text: header,
            ...(headerExamples.length ? { example: { header_text: headerExamples } } : {}),
          },
        ]
      : []),
    { type: 'BODY', text: input.body, ...(bodyExamples.length ? { example: { body_text: [bodyExamples] } } : {}) },
    ...(footer ? [{ type: 'FOOTER', text: footer }] : []),
    ...(buttons.length ? [{ type: 'BUTTONS', buttons: buttons.map((text) => ({ type: 'QUICK_REPLY', text })) }] : []),
  ];
}

/**
 * Submits a template for Meta's review and keeps it (PENDING until the webhook tells the outcome).
 * 422 names the field at fault; Graph's own refusal of the content is a 422 on `body`.
 */
export async function createTemplate(deps: InboxDeps, userId: number, input: NewTemplate): Promise<Template> {
  const checked = checkNewTemplate(input);
  const { connection, token } = await requireSendingConnection(deps.db, deps.secrets, userId);
  const taken = await deps.db.maybeOne(
    'select 1 from message_templates where user_id = $1 and waba_id = $2 and name = $3 and language = $4',
    [userId, connection.waba_id, input.name, input.language],
  );
  if (taken) throw new Conflict(TEMPLATE_ERRORS.nameTaken, 'name', 'template_name_taken');
  const components = componentsOf(input, checked);
  let created;
  try {
    created = await deps.graph.createTemplate(token, connection.waba_id, {
      name: input.name,
      language: input.language,
      category: input.category,
      components,
    });
  } catch (error) {
    if (error instanceof GraphError && error.code === 100 && !(error instanceof GraphObjectMissing)) {
      const reason = error.graph.error_user_msg ?? error.details ?? error.message;
      throw new ValidationFailed(`WhatsApp refused the template: ${reason}`, 'body', 'template_refused');
    }
    throw await graphFailure(deps, connection.id, error);
  }
  const row = await deps.db.one<TemplateRow>(
    `insert into message_templates (user_id, waba_id, graph_id, name, language, category, status, components)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)
     on conflict (user_id, graph_id) do update set updated_at = now()
     returning ${COLUMNS}`,
    [
      userId,
      connection.waba_id,
      created.id,
      input.name,
      input.language,
      created.category ?? input.category,
      statusOf(created.status),
      JSON.stringify(components),
    ],
  );
  return toTemplate(row);
}

/** Deletes the template on WhatsApp (this language only) and here; one WhatsApp no longer has goes too. */
export async function deleteTemplate(deps: InboxDeps, userId: number, id: number): Promise<void> {
  const template = await requireTemplate(deps.db, userId, id);
  const { connection, token } = await requireSendingConnection(deps.db, deps.secrets, userId);
  if (template.waba_id === connection.waba_id) {
    try {
      await deps.graph.deleteTemplate(token, connection.waba_id, template.name, template.graph_id);
    } catch (error) {
      if (!(error instanceof GraphObjectMissing)) throw await graphFailure(deps, connection.id, error);
    }
  }
  await deps.db.query('delete from message_templates where user_id = $1 and id = $2', [userId, id]);
}

/** `message_template_status_update` as the webhook brings it (Meta's webhook reference). */
export interface TemplateStatusUpdate {
  event?: unknown;
  message_template_id?: unknown;
  reason?: unknown;
}

/**
 * A review's outcome for a WABA's template: the owner is whoever has that WABA connected (the
 * template is theirs only if they made or synced it). Unknown templates and events change nothing.
 */
export async function applyTemplateStatus(db: Executor, wabaId: string, update: TemplateStatusUpdate): Promise<void> {
  const graphId = update.message_template_id;
  if (typeof update.event !== 'string' || (typeof graphId !== 'string' && typeof graphId !== 'number')) return;
  const status = statusOf(update.event);
  const reason = typeof update.reason === 'string' && update.reason !== 'NONE' ? update.reason : null;
  await db.query(
    `update message_templates t set status = $3, rejected_reason = $4, updated_at = now()
       from whatsapp_connections c
      where c.waba_id = $1 and t.user_id = c.user_id and t.waba_id = c.waba_id and t.graph_id = $2
        and (t.status, t.rejected_reason) is distinct from ($3, $4)`,
    [wabaId, String(graphId), status, reason],
  );
}

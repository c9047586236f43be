import type { Executor } from '../../db/client';

/**
 * `template_category_update` (Meta's "template_category_update webhook reference", updated 2025-11-11,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/template_category_update;
 * not in v23.0's OpenAPI file): Meta re-categorised one of a WABA's templates. The entry's id is the
 * WABA, `entry.time` when the webhook was sent, and the value is either
 * - a completed change: `{ message_template_id, message_template_name, message_template_language,
 *   previous_category, new_category }`, which changes the owner's copy and is noted on the Templates page; or
 * - an impending one: `{ …, correct_category, new_category (the current one), category_update_timestamp }`,
 *   which changes nothing yet (the completed change follows when it happens).
 */

export const TEMPLATE_CATEGORY_FIELD = 'template_category_update';

export interface TemplateCategoryUpdate {
  message_template_id?: unknown;
  message_template_name?: unknown;
  message_template_language?: unknown;
  previous_category?: unknown;
  new_category?: unknown;
  correct_category?: unknown;
}

const CATEGORY = /^[A-Z_]{1,40}$/;

function category(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const upper = value.toUpperCase();
  return CATEGORY.test(upper) ? upper : null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * A completed change for a WABA's template: the owner is whoever has that WABA connected. The template
 * is found by its id, else by name and language (Meta writes 'en-US' where we keep 'en_US'). A change
 * already applied, an impending one and an unknown template change nothing.
 */
export async function applyTemplateCategory(
  db: Executor,
  wabaId: string,
  update: TemplateCategoryUpdate,
  changedAt: Date,
): Promise<void> {
  const previous = category(update.previous_category);
  const next = category(update.new_category);
  if (!previous || !next || previous === next || update.correct_category !== undefined) return;
  const graphId =
    typeof update.message_template_id === 'string' || typeof update.message_template_id === 'number'
      ? String(update.message_template_id)
      : null;
  const name = text(update.message_template_name);
  const language = text(update.message_template_language)?.replace('-', '_') ?? null;
  if (!graphId && !(name && language)) return;
  await db.query(
    `update message_templates t set category = $5, previous_category = $4, category_changed_at = $6, updated_at = now()
       from whatsapp_connections c
      where c.waba_id = $1 and t.user_id = c.user_id and t.waba_id = c.waba_id
        and t.id = coalesce(
              (select x.id from message_templates x
                where x.user_id = c.user_id and x.waba_id = c.waba_id and x.graph_id = $2),
              (select x.id from message_templates x
                where x.user_id = c.user_id and x.waba_id = c.waba_id and x.name = $3 and x.language = $7))
        and t.category is distinct from $5`,
    [wabaId, graphId, name, previous, next, changedAt.toISOString(), language],
  );
}

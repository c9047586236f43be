import type { Executor } from '../../db/client';

/**
 * How long a tab's "focused" report holds: the SPA repeats it every ~30 s while the tab is visible and
 * focused, so a tab closed without a word (a crash, a lost network) counts as gone within this.
 */
export const PRESENCE_TTL_SECONDS = 75;

/** A session's tab is (or is no longer) visible and focused. */
export async function presenceReported(
  db: Executor,
  user: { id: number; sessionId: string },
  focused: boolean,
): Promise<void> {
  if (!focused) {
    await db.query('delete from push_presence where session_id = $1 and user_id = $2', [user.sessionId, user.id]);
    return;
  }
  await db.query(
    `insert into push_presence (session_id, user_id, focused_until)
     values ($1, $2, now() + make_interval(secs => $3))
     on conflict (session_id) do update set focused_until = excluded.focused_until
      where push_presence.user_id = excluded.user_id`,
    [user.sessionId, user.id, PRESENCE_TTL_SECONDS],
  );
}

/** Whether the member looks at Threadline now: one of their live sessions has a focused tab. */
export async function hasFocusedTab(db: Executor, userId: number): Promise<boolean> {
  const row = await db.maybeOne(
    `select 1 from push_presence p join sessions s on s.id = p.session_id
      where p.user_id = $1 and p.focused_until > now() and s.revoked_at is null and s.expires_at > now()
      limit 1`,
    [userId],
  );
  return row !== undefined;
}

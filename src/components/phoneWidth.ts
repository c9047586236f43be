/** SPEC.md §2: below this width the app is a phone's (one pane in the inbox, the sidebar in a drawer). */
const MOBILE_BREAKPOINT_PX = 768;
export const MOBILE_MEDIA_QUERY = `(max-width:${MOBILE_BREAKPOINT_PX - 1}.95px)`;

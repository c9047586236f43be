/**
 * Whether this browser may have opted in to Redux DevTools: it holds ./devTools.ts's flag
 * (DEV_TOOLS_FLAG_KEY), whatever its value; the app then loads ./devTools.ts, which decides. This
 * look is all of DevTools that the landing page's script carries (bench: landing-bundle, a few bytes
 * under its budget). So the key is spelled out rather than imported, which would cost that script a
 * module of its own (a test keeps the two in step), and a `?devtools=on` query is not looked for
 * (about 20 bytes more).
 */
export const mayHaveOptedIntoDevTools = () => 'threadline.devtools' in localStorage;

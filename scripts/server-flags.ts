/**
 * Node's flags for the server's process, as `npm start` runs it (package.json repeats them, which a
 * test checks). A young generation of 4 MB a half instead of V8's 16: the server's requests make
 * short-lived garbage in small amounts, and an idle server keeps about 40 MB less (issue 20).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

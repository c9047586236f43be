/**
 * The AI SDK, its providers and zod, loaded when a model is first called rather than at start:
 * together about 14 MB of heap (some 23 MB resident) that an idle server which has not called a model
 * yet does without (issue 20). `import()` loads each module once; later calls get the same module.
 * Types come from the packages themselves (`import type`), which costs nothing at run time.
 */
export const loadAi = () => import('ai');
export const loadZod = () => import('zod');
export const loadOpenAi = () => import('@ai-sdk/openai');
export const loadAnthropic = () => import('@ai-sdk/anthropic');
export const loadGoogle = () => import('@ai-sdk/google');
export const loadOpenAiCompatible = () => import('@ai-sdk/openai-compatible');

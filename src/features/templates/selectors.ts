import type { TemplatesState } from './slice';

type WithTemplates = { templates: TemplatesState };

export const selectTemplates = (state: WithTemplates) => state.templates.list;
export const selectTemplatesStatus = (state: WithTemplates) => state.templates.status;
export const selectTemplatesError = (state: WithTemplates) => state.templates.error;
export const selectTemplateCreate = (state: WithTemplates) => state.templates.create;
export const selectDeletingTemplateId = (state: WithTemplates) => state.templates.deletingId;

import { createSelector } from '@reduxjs/toolkit';
import type { TemplatesState } from './slice';

type WithTemplates = { templates: TemplatesState };

export const selectTemplates = (state: WithTemplates) => state.templates.list;
export const selectTemplatesStatus = (state: WithTemplates) => state.templates.status;
export const selectTemplatesError = (state: WithTemplates) => state.templates.error;
export const selectTemplateCreate = (state: WithTemplates) => state.templates.create;
export const selectDeletingTemplateId = (state: WithTemplates) => state.templates.deletingId;
export const selectTemplateSend = (state: WithTemplates) => state.templates.send;
/** What can be sent to a customer: the templates WhatsApp approved. */
export const selectApprovedTemplates = createSelector([selectTemplates], (list) =>
  list.filter((template) => template.status === 'APPROVED'),
);

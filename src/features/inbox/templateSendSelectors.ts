import { createSelector } from '@reduxjs/toolkit';
import type { TemplateSendState } from './templateSendSlice';

type WithTemplateSend = { templateSend: TemplateSendState };

export const selectTemplateChoicesStatus = (state: WithTemplateSend) => state.templateSend.choices.status;
export const selectTemplateSend = (state: WithTemplateSend) => state.templateSend.send;
/** What can be sent to a customer: the templates WhatsApp approved. */
export const selectApprovedTemplates = createSelector(
  [(state: WithTemplateSend) => state.templateSend.choices.list],
  (list) => list.filter((template) => template.status === 'APPROVED'),
);

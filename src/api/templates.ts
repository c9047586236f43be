import type { Message, NewTemplate, Template, TemplateList, TemplateSendBody } from '../../contract';
import { request } from './client';

const conversationPath = (conversationId: string) => `/messages/conversations/${encodeURIComponent(conversationId)}`;

/** One function per templates endpoint (contract/templates.ts); errors read as the messaging calls' (`detail`). */
export const templatesApi = {
  /** The templates as Threadline has them (reviews arrive by webhook). */
  list: (token: string) => request<TemplateList>('/templates', { token, reading: 'messaging' }),
  /** The templates, read from WhatsApp first. */
  sync: (token: string) => request<TemplateList>('/templates?sync=true', { token, reading: 'messaging' }),
  create: (token: string, body: NewTemplate) =>
    request<Template>('/templates', { token, method: 'POST', json: body, reading: 'messaging' }),
  remove: (token: string, templateId: number) =>
    request<void>(`/templates/${templateId}`, { token, method: 'DELETE', reading: 'messaging' }),
  send: (token: string, conversationId: string, body: TemplateSendBody) =>
    request<Message>(`${conversationPath(conversationId)}/template`, {
      token,
      method: 'POST',
      json: body,
      reading: 'messaging',
    }),
};

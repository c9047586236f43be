import type { Feature } from '../../store/feature';
import { watchTemplates } from './saga';
import templatesSlice from './slice';

/** WhatsApp message templates: the Templates page (sending one from a conversation is the inbox's). */
export default {
  name: 'templates',
  slices: [templatesSlice],
  saga: watchTemplates,
} satisfies Feature;

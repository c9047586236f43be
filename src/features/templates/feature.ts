import type { Feature } from '../../store/feature';
import { watchTemplates } from './saga';
import templatesSlice from './slice';

/** WhatsApp message templates: the Templates page, and sending one from a conversation. */
export default {
  name: 'templates',
  slices: [templatesSlice],
  saga: watchTemplates,
} satisfies Feature;

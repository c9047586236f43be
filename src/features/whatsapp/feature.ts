import type { Feature } from '../../store/feature';
import { watchWhatsApp } from './saga';
import whatsappSlice from './slice';

/** The /whatsapp page: the connected number, its webhook subscription and disconnecting it. */
export default { name: 'whatsapp', slices: [whatsappSlice], saga: watchWhatsApp } satisfies Feature;

import type { MessagePricing } from '../../../contract';

/** Why Meta did not bill a message, in the owner's words. */
const FREE_LABELS: Record<string, string> = {
  free_customer_service: 'Free · service window',
  free_entry_point: 'Free entry point',
};

/** `marketing_lite` → 'Marketing lite': Meta's category as a word. */
function categoryName(category: string): string {
  const words = category.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The quiet label under one of our messages: 'Billed · Marketing', 'Free · service window', 'Free entry
 * point' or 'Free'; null while no status has told what it cost.
 */
export function pricingLabel(pricing: MessagePricing | null | undefined): string | null {
  if (!pricing || pricing.billable === null) return null;
  if (pricing.billable) return pricing.category ? `Billed · ${categoryName(pricing.category)}` : 'Billed';
  return (pricing.type && FREE_LABELS[pricing.type]) ?? 'Free';
}
